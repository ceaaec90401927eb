package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.DurabilityCheck;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.OutputPath;
import io.benchlab.runner.run.RunEnding;
import io.benchlab.runner.run.RunSinks;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.influx.InfluxSink;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;

/**
 * What a run's pipeline does around the backend, the same for one run ({@link RunPipeline}) and
 * for each step of a series ({@link ProvisionedSeries}): where the result goes, the sinks, the
 * result made from what the backend gave (completed with its placement and setup, or made here
 * when the runner never left one), and its end through the sinks, the summary and the exit code.
 */
final class Completion {

    private Completion() {
    }

    /** --output, or else {@code resultsDir/<run-id>.json}, checked before anything is made. */
    static Path resultFile(RunSpec spec, Path resultsDir, String runId) {
        Path given = spec.output().file();
        return OutputPath.check(given != null ? given : resultsDir.resolve(runId + ".json"));
    }

    /**
     * The result file and, with --influx-url, InfluxDB: all of it when the clients run in this
     * process, else the summary only (the runner, in its container or pod, streams the live points).
     */
    static ResultSink sinks(Backend backend, RunSpec spec, Path file, Progress progress) {
        return RunSinks.of(file, spec.influx(), backend.clientsInProcess() ? InfluxSink.Scope.ALL
                : InfluxSink.Scope.SUMMARY, progress::warn);
    }

    /** The result of a run whose database never became ready: interrupted when a stop made it so, else failed. */
    static RunResult notReady(DatabaseNotReady e, String runId, RunSpec spec, Instant started, Stops stops,
                              Progress progress) {
        if (stops.any()) {
            return NotRun.interrupted(runId, spec, started, e.placement(), stops.beforeRunner());
        }
        progress.warn(e.getMessage());
        return NotRun.failed(runId, spec, started, e.placement(), e.getMessage());
    }

    /**
     * The run's result from the runner's OUTCOME on DATABASE (null: a stop kept the runner from
     * starting), or null when the runner refused its input (it said why, on the progress stream).
     */
    static RunResult result(String backendName, RunnerOutcome outcome, ProvisionedDatabase database, String runId,
                            RunSpec spec, Instant started, Stops stops, Progress progress) {
        if (outcome != null && outcome.result() != null) {
            RunResult result = DurabilityCheck.warned(outcome.placement() == null ? outcome.result()
                    : outcome.result().withPlacement(outcome.placement()),
                    () -> EngineImages.of(spec.engine()).flushesEveryCommit(spec.profile()));
            return database.setup() == null ? result : result.withSetup(database.setup());
        }
        if (outcome == null) {
            return NotRun.interrupted(runId, spec, started, new Placement(backendName, null, database.side()),
                    stops.beforeRunner());
        }
        if (stops.any()) {
            return NotRun.interrupted(runId, spec, started, outcome.placement(), stops.why() + "; the runner left no result");
        }
        if (outcome.exitCode() == ExitCodes.BAD_INPUT && outcome.failure() == null) {
            return null;
        }
        String cause = outcome.failure() != null ? outcome.failure()
                : "the runner exited with code " + outcome.exitCode() + " and left no result";
        progress.warn(cause);
        return NotRun.failed(runId, spec, started, outcome.placement(), cause);
    }

    /**
     * The result (null: the runner refused its input) through the sinks into FILE, its summary on
     * OUT; the exit code, a failure when the timeout passed.
     */
    static RunPipeline.Outcome end(RunResult result, ResultSink sinks, Path file, RunSpec spec, Stops stops,
                                   Progress progress, PrintWriter out) throws Exception {
        if (result == null) {
            return new RunPipeline.Outcome(ExitCodes.BAD_INPUT, null, file);
        }
        if (stops.timedOut()) {
            progress.warn("the run passed its timeout of " + stops.timeout().toSeconds() + " s and was stopped");
        }
        int code = RunEnding.finish(result, sinks, file.toString(), out, spec.output().strict());
        return new RunPipeline.Outcome(stops.timedOut() ? ExitCodes.RUN_FAILED : code, result, file);
    }
}
