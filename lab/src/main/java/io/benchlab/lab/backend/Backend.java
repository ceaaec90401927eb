package io.benchlab.lab.backend;

import io.benchlab.runner.sink.ResultSink;

/**
 * Where a run's database and runner live. A backend only provisions the database, runs the
 * runner and tears down what it made; the run pipeline ({@code lab.pipeline.RunPipeline}) owns
 * the run id, the output, signals and the timeout, the result's completion, the sinks, the
 * summary and the exit code, the same for every backend.
 */
public interface Backend {

    String name();

    /** True when the backend starts its own database, so the run spec carries no target. */
    default boolean provisionsDatabase() {
        return false;
    }

    /** Checks that make nothing (a daemon or cluster answers, the images exist): bad input is one line. */
    default void check(RunSpec spec) throws Exception {
    }

    /**
     * {@link #check}'s checks for a run that starts later, among others planned with it (a sweep's
     * points, a night's cells): each is checked before the first starts, so that a plan that cannot
     * run fails once, at once. Holds nothing open; the run is checked again when it starts.
     */
    default void preflight(RunSpec spec) {
    }

    /**
     * The checks of a series of steps on one database ({@code lab.pipeline.ProvisionedSeries}):
     * {@link #check}'s, and what only steps need of the backend.
     */
    default void checkSteps(RunSpec spec) throws Exception {
        check(spec);
    }

    /**
     * Opens one run: everything the backend makes from here on is removed when the run is closed.
     * {@code live} takes the run's identity, intervals and events where the clients run in this
     * process; a backend whose runner runs elsewhere has it stream there itself (see RunnerArgs).
     */
    BackendRun open(RunSpec spec, String runId, Progress progress, ResultSink live) throws Exception;

    /** True when the clients run in this process (the live points come from here). */
    default boolean clientsInProcess() {
        return !provisionsDatabase();
    }
}
