package io.benchlab.lab.backend;

/**
 * One run on a backend. The pipeline calls {@link #provision()}, then {@link #runRunner}, and
 * always {@link #close()}; {@link #stop()} may come at any time from another thread (a signal, the
 * timeout). A series of steps on one database ({@code lab.pipeline.ProvisionedSeries}) calls
 * {@link #runRunner(ProvisionedDatabase, RunnerStep)} once per step instead of the run's own
 * runner: a run does one or the other, never both.
 */
public interface BackendRun extends AutoCloseable {

    /** The database the runner will use, ready for it, or {@link DatabaseNotReady} naming why not. */
    ProvisionedDatabase provision() throws Exception;

    /** Runs the runner to its end, its progress streamed as it comes; returns what it left. */
    RunnerOutcome runRunner(ProvisionedDatabase database) throws Exception;

    /**
     * Runs the runner once more on DATABASE, as STEP says (its run id, its workload), to its end;
     * returns what it left. The database, and the data the first step loaded, stay for the next
     * step; the step's runner (its container, its Job) is the step's own. After {@link #stop()}
     * every step ends at once, as interrupted.
     */
    RunnerOutcome runRunner(ProvisionedDatabase database, RunnerStep step) throws Exception;

    /**
     * Ends the run early: provisioning gives up, a running runner is stopped as Ctrl-C would stop
     * it, so that it still hands back its result, as interrupted. Returns at once.
     */
    void stop();

    /** Removes everything the run made, whatever happened; safe to call twice and from a shutdown hook. */
    @Override
    void close();
}
