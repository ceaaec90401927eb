package io.benchlab.lab.pipeline;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.run.StopHook;
import io.benchlab.runner.sink.ResultSink;
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
        Path file = Completion.resultFile(spec, resultsDir, runId);
        Progress progress = new Progress(err, spec.output().quiet());
        ResultSink sinks = Completion.sinks(backend, spec, file, progress);
        Instant started = Instant.now();
        BackendRun run = backend.open(spec, runId, progress, sinks);
        try (sinks; run;
             StopHook signals = StopHook.install("benchlab-lab-stop", run::stop, SIGNAL_HOLD, run::close);
             Deadline deadline = Deadline.start(spec.timeout(), run::stop)) {
            Stops stops = new Stops(signals, deadline, spec.timeout());
            RunResult result = result(backend.name(), run, spec, runId, started, stops, progress);
            return Completion.end(result, sinks, file, spec, stops, progress, out);
        }
    }

    /** The run's result, or null when the runner refused its input (it said why, on the progress stream). */
    private static RunResult result(String backendName, BackendRun run, RunSpec spec, String runId, Instant started,
                                    Stops stops, Progress progress) throws Exception {
        ProvisionedDatabase database;
        try {
            database = run.provision();
        } catch (DatabaseNotReady e) {
            return Completion.notReady(e, runId, spec, started, stops, progress);
        }
        // A stop between the database's readiness and the runner's start: the runner must not start.
        RunnerOutcome outcome = stops.any() ? null : run.runRunner(database);
        return Completion.result(backendName, outcome, database, runId, spec, started, stops, progress);
    }
}
