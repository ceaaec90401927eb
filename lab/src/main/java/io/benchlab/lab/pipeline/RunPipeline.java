package io.benchlab.lab.pipeline;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.OutputPath;
import io.benchlab.runner.run.RunEnding;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.run.RunSinks;
import io.benchlab.runner.run.StopHook;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.influx.InfluxSink;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * One run, the same on every backend: the run id and the output check before anything is made;
 * signals and the timeout; the database, then the runner, through the backend; the result
 * completed with its placement (or made here when the runner never left one); then the sinks,
 * the summary and the exit code. Whatever the backend made is removed however the run ends.
 */
public final class RunPipeline {

    /** How long a signal holds the JVM for the runner's result: the runner's own grace, and the removal. */
    static final Duration SIGNAL_HOLD = LabDefaults.RUNNER_STOP_GRACE.plusSeconds(30);

    private RunPipeline() {
    }

    /** How one run ended: its exit code, and its result and file (null when the runner refused its input). */
    public record Outcome(int exitCode, RunResult result, Path file) {
    }

    public static int run(Backend backend, RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        return run(backend, spec, Path.of(Defaults.RESULTS_DIR), out, err).exitCode();
    }

    /** A run whose result goes to --output, or else to {@code resultsDir/<run-id>.json}. */
    public static Outcome run(Backend backend, RunSpec spec, Path resultsDir, PrintWriter out, PrintWriter err)
            throws Exception {
        backend.check(spec);
        String runId = RunIds.next(spec.engine().name());
        Path given = spec.output().file();
        Path file = OutputPath.check(given != null ? given : resultsDir.resolve(runId + ".json"));
        Progress progress = new Progress(err, spec.output().quiet());
        ResultSink sinks = sinks(backend, spec, file, progress);
        Instant started = Instant.now();
        BackendRun run = backend.open(spec, runId, progress, sinks);
        try (sinks; run;
             StopHook signals = StopHook.install("benchlab-lab-stop", run::stop, SIGNAL_HOLD, run::close);
             Deadline deadline = Deadline.start(spec.timeout(), run::stop)) {
            RunResult result = result(backend.name(), run, spec, runId, started, signals, deadline, progress);
            if (result == null) {
                return new Outcome(ExitCodes.BAD_INPUT, null, file);
            }
            if (deadline.passed()) {
                progress.warn("the run passed its timeout of " + spec.timeout().toSeconds() + " s and was stopped");
            }
            int code = RunEnding.finish(result, sinks, file.toString(), out, spec.output().strict());
            return new Outcome(deadline.passed() ? ExitCodes.RUN_FAILED : code, result, file);
        }
    }

    /**
     * The result file and, with --influx-url, InfluxDB: all of it when the clients run in this
     * process, else the summary only (the runner, in its container or pod, streams the live points).
     */
    private static ResultSink sinks(Backend backend, RunSpec spec, Path file, Progress progress) {
        return RunSinks.of(file, spec.influx(), backend.clientsInProcess() ? InfluxSink.Scope.ALL
                : InfluxSink.Scope.SUMMARY, progress::warn);
    }

    private static String beforeRunner(RunSpec spec, StopHook signals) {
        return signals.signalled() ? "stopped before the runner started"
                : "the run passed its timeout of " + spec.timeout().toSeconds() + " s before the runner started";
    }

    /** The run's result, or null when the runner refused its input (it said why, on the progress stream). */
    private static RunResult result(String backendName, BackendRun run, RunSpec spec, String runId, Instant started,
                                    StopHook signals, Deadline deadline, Progress progress) throws Exception {
        ProvisionedDatabase database;
        try {
            database = run.provision();
        } catch (DatabaseNotReady e) {
            if (signals.signalled() || deadline.passed()) {
                return NotRun.interrupted(runId, spec, started, e.placement(), beforeRunner(spec, signals));
            }
            progress.warn(e.getMessage());
            return NotRun.failed(runId, spec, started, e.placement(), e.getMessage());
        }
        // A stop between the database's readiness and the runner's start: the runner must not start.
        RunnerOutcome outcome = signals.signalled() || deadline.passed() ? null : run.runRunner(database);
        if (outcome != null && outcome.result() != null) {
            RunResult result = outcome.placement() == null ? outcome.result()
                    : outcome.result().withPlacement(outcome.placement());
            return database.setup() == null ? result : result.withSetup(database.setup());
        }
        if (outcome == null) {
            return NotRun.interrupted(runId, spec, started, new Placement(backendName, null, database.side()),
                    beforeRunner(spec, signals));
        }
        if (signals.signalled() || deadline.passed()) {
            String why = signals.signalled() ? "stopped"
                    : "the run passed its timeout of " + spec.timeout().toSeconds() + " s";
            return NotRun.interrupted(runId, spec, started, outcome.placement(), why + "; the runner left no result");
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
