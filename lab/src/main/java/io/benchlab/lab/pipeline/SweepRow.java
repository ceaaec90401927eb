package io.benchlab.lab.pipeline;

import io.benchlab.results.RunResult;
import io.benchlab.runner.run.ExitCodes;
import java.nio.file.Path;

/**
 * One point of a sweep as its table shows it: the engine and clients planned, how the run ended
 * ({@code status}: the result's, or "not run" and why), its result and file when it left them.
 */
public record SweepRow(String engine, int clients, String status, RunResult result, Path file, boolean ok) {

    static SweepRow of(PlannedRun point, RunPipeline.Outcome outcome) {
        RunResult r = outcome.result();
        String status = r != null ? r.status().json() : "bad input";
        return new SweepRow(engine(point), clients(point), status, r, r != null ? outcome.file() : null,
                outcome.exitCode() == ExitCodes.OK);
    }

    /** A point that left a file of another kind than a run's result (a capacity search's document). */
    public static SweepRow ended(PlannedRun point, String status, Path file, boolean ok) {
        return new SweepRow(engine(point), clients(point), status, null, file, ok);
    }

    static SweepRow notRun(PlannedRun point, String why) {
        return new SweepRow(engine(point), clients(point), "not run (" + why + ")", null, null, false);
    }

    public static String label(PlannedRun point) {
        return engine(point) + ", " + clients(point) + (clients(point) == 1 ? " client" : " clients");
    }

    private static String engine(PlannedRun point) {
        return point.spec().engine().name();
    }

    private static int clients(PlannedRun point) {
        return point.spec().workload().clients();
    }
}
