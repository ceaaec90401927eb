package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.ExitCodes;
import io.benchlab.runner.cli.OutputPath;
import io.benchlab.runner.cli.RunEnding;
import io.benchlab.runner.cli.RunIds;
import io.benchlab.runner.cli.StopHook;
import io.benchlab.runner.sink.JsonFileSink;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * One run, the same on every backend: the run id and the output check before anything is made;
 * signals and the timeout; the database, then the runner, through the backend; the result
 * completed with its placement (or made here when the runner never left one); then the sinks,
 * the summary and the exit code. Whatever the backend made is removed however the run ends.
 */
public final class RunPipeline {

    /** How long a signal holds the JVM for the runner's result: the runner's own grace, and the removal. */
    private static final Duration SIGNAL_HOLD = Defaults.RUNNER_STOP_GRACE.plusSeconds(30);

    private RunPipeline() {
    }

    /** How a run ended: its exit code, and its result (null when the runner refused its input). */
    public record Finished(int exitCode, RunResult result) {
    }

    public static int run(Backend backend, RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        return runKeeping(backend, spec, out, err).exitCode();
    }

    /** As {@link #run}, keeping the result for what comes next (lab rerun compares it). */
    public static Finished runKeeping(Backend backend, RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        backend.check(spec);
        String runId = RunIds.next(spec.engine().name());
        Path file = OutputPath.forRun(spec.output().output(), runId);
        ResultSink sinks = new Sinks(List.of(new JsonFileSink(file)));
        Progress progress = new Progress(err, spec.output().quiet());
        Instant started = Instant.now();
        BackendRun run = backend.open(spec, runId, progress);
        try (run;
             StopHook signals = StopHook.install("benchlab-lab-stop", run::stop, SIGNAL_HOLD, run::close);
             Deadline deadline = Deadline.start(spec.timeout(), run::stop)) {
            RunResult result = result(run, spec, runId, started, signals, deadline, progress);
            if (result == null) {
                return new Finished(ExitCodes.BAD_INPUT, null);
            }
            if (deadline.passed()) {
                progress.warn("the run passed its timeout of " + spec.timeout().toSeconds() + " s and was stopped");
            }
            int code = RunEnding.finish(result, sinks, file.toString(), out, spec.output().strict());
            return new Finished(deadline.passed() ? ExitCodes.RUN_FAILED : code, result);
        }
    }

    /** The run's result, or null when the runner refused its input (it said why, on the progress stream). */
    private static RunResult result(BackendRun run, RunSpec spec, String runId, Instant started, StopHook signals,
                                    Deadline deadline, Progress progress) throws Exception {
        ProvisionedDatabase database;
        try {
            database = run.provision();
        } catch (DatabaseNotReady e) {
            if (signals.signalled() || deadline.passed()) {
                String why = signals.signalled() ? "stopped before the runner started"
                        : "the run passed its timeout of " + spec.timeout().toSeconds() + " s before the runner started";
                return NotRun.interrupted(runId, spec, started, e.placement(), why);
            }
            progress.warn(e.getMessage());
            return NotRun.failed(runId, spec, started, e.placement(), e.getMessage());
        }
        RunnerOutcome outcome = run.runRunner(database);
        if (outcome.result() != null) {
            return outcome.placement() == null ? outcome.result() : outcome.result().withPlacement(outcome.placement());
        }
        if (outcome.exitCode() == ExitCodes.BAD_INPUT && outcome.failure() == null) {
            return null;
        }
        String cause = outcome.failure() != null ? outcome.failure()
                : "the runner exited with code " + outcome.exitCode() + " and left no result";
        progress.warn(cause);
        return NotRun.failed(runId, spec, started, outcome.placement(), cause);
    }
}
