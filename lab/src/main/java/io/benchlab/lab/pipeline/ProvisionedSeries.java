package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.DatabaseNotReady;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.backend.RunnerStep;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.OutputPath;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.run.StopHook;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * Several runs, one after another, on one database that is provisioned (and loaded) once, on any
 * backend: what {@code lab capacity} searches with. Each step is a run as {@link RunPipeline} makes
 * one: a run id of its own, its own result file in the results folder, its own warm-up, the sinks,
 * the result completed with its placement and setup, the summary on the console, an exit code.
 * Only the workload changes from step to step; only the first step loads the data (its --init,
 * when given, is the series' only one), the later ones find it.
 *
 * <p>Use: {@link #open} (checks, the database made and ready), then, while {@link #ready()} and
 * not {@link #stopped()}, {@link #run} once per step; always {@link #close()} (try-with-resources),
 * which removes everything the backend made. A signal stops the step that runs (it still writes
 * its result, as interrupted) and ends the series, as does a step that passes its timeout (the
 * planned time of its workload plus slack, {@link RunSpec#plannedTimeout}). Not thread-safe: one
 * thread runs the steps. Steps follow each other at once: on kubernetes the database goes with the
 * newest step's Job once its TTL ({@code LabDefaults.KUBE_TTL_AFTER_FINISHED}, 10 min) has passed,
 * which is what removes a series whose lab was killed with -9.
 */
public final class ProvisionedSeries implements AutoCloseable {

    /** A signal holds the JVM for the step's result and the removal, and a moment for the caller's table. */
    private static final Duration SIGNAL_HOLD = RunPipeline.SIGNAL_HOLD.plusSeconds(10);

    private final Backend backend;
    private final RunSpec spec;
    private final Path resultsDir;
    private final PrintWriter out;
    private final Progress progress;
    private final String runId;
    private final BackendRun run;
    private final StopHook signals;
    private ProvisionedDatabase database;
    private RunPipeline.Outcome notReady;
    private WorkloadConfig first;
    private int steps;
    private volatile boolean timedOut;

    /** Opens the backend's run (the output checked first) and holds it to signals; provisions nothing yet. */
    private ProvisionedSeries(Backend backend, RunSpec spec, Path resultsDir, PrintWriter out, PrintWriter err)
            throws Exception {
        this.backend = backend;
        this.spec = spec;
        this.resultsDir = resultsDir;
        this.out = out;
        this.runId = RunIds.next(spec.engine().name());
        OutputPath.check(resultFile());
        this.progress = new Progress(err, spec.output().quiet());
        // No live sink: the series' own run never runs the runner; each step brings its sinks.
        this.run = backend.open(spec, runId, progress, new ResultSink() { });
        try {
            this.signals = StopHook.install("benchlab-series-stop", run::stop, SIGNAL_HOLD, run::close);
        } catch (RuntimeException e) {
            run.close();
            throw e;
        }
    }

    /**
     * Checks SPEC on BACKEND as {@code lab run} does (bad input throws, nothing is made), opens the
     * backend's run and provisions its database, within {@code spec.timeout()} (null: no limit).
     * SPEC's workload is the first step's as far as the backend's objects go (a pod's limits, the
     * clients a Job splits); the steps bring their own. A database that does not get ready writes
     * a result saying why, as {@code lab run} would, under a run id of its own: see {@link #notReady()}.
     * Each step's result goes to {@code resultsDir/<run-id>.json}; --output is refused (one file
     * cannot hold several results).
     */
    public static ProvisionedSeries open(Backend backend, RunSpec spec, Path resultsDir, PrintWriter out,
                                         PrintWriter err) throws Exception {
        if (spec.output().file() != null) {
            throw new BadInputException("--output names one file; a series of runs writes one result per run, each"
                    + " in the results folder under its run id");
        }
        backend.checkSteps(spec);
        Instant started = Instant.now();
        ProvisionedSeries series = new ProvisionedSeries(backend, spec, resultsDir, out, err);
        try {
            series.provision(started);
            return series;
        } catch (Exception | Error e) {
            series.close();
            throw e;
        }
    }

    /** Where a database that never got ready leaves its result: under the series' own run id. */
    private Path resultFile() {
        return resultsDir.resolve(runId + ".json");
    }

    private void provision(Instant started) throws Exception {
        try (Deadline deadline = Deadline.start(spec.timeout(), this::timeUp)) {
            Stops stops = new Stops(signals, deadline, spec.timeout());
            try {
                database = run.provision();
                progress.lab("the database of run %s is ready for its steps", runId);
            } catch (DatabaseNotReady e) {
                RunResult result = Completion.notReady(e, runId, spec, started, stops, progress);
                Path file = resultFile();
                notReady = Completion.end(result, Completion.sinks(backend, spec, file, progress), file, spec, stops,
                        progress, out);
            }
        }
    }

    /**
     * The series' own run id, which is not any step's: the backend's objects (containers, network,
     * pods, Secret) carry it, and {@code lab clean --run-id} takes it; a not-ready result has it.
     */
    public String runId() {
        return runId;
    }

    /** True when the database is ready for the steps; else {@link #notReady()} says why. */
    public boolean ready() {
        return database != null;
    }

    /** The failed (or, after a stop, interrupted) result of a database that never got ready; null when ready. */
    public RunPipeline.Outcome notReady() {
        return notReady;
    }

    /** True once a signal, or a step's timeout, ended the series: no step runs after. */
    public boolean stopped() {
        return signals.signalled() || timedOut;
    }

    /**
     * One step: the runner on the series' database with WORKLOAD (any knob but the data: a step
     * must run on the scale the first loaded), to its end; its result written, with its summary.
     * The exit code is {@code lab run}'s for the same result. After a signal the step writes its
     * result as interrupted (stopped before its runner started, when it came first).
     *
     * @throws IllegalStateException when the database is not ready, or a step's timeout ended the series
     * @throws IllegalArgumentException when WORKLOAD asks for other data than the first step's
     */
    public RunPipeline.Outcome run(WorkloadConfig workload) throws Exception {
        if (database == null) {
            throw new IllegalStateException("the series' database is not ready: " + notReady.result().cause());
        }
        if (timedOut) {
            throw new IllegalStateException("a step passed its timeout and ended the series");
        }
        RunSpec step = step(workload);
        String stepId = RunIds.next(spec.engine().name());
        Path file = Completion.resultFile(step, resultsDir, stepId);
        progress.lab("step %d: run %s on the database of %s", ++steps, stepId, runId);
        ResultSink sinks = Completion.sinks(backend, step, file, progress);
        Instant started = Instant.now();
        try (sinks; Deadline deadline = Deadline.start(step.timeout(), this::timeUp)) {
            Stops stops = new Stops(signals, deadline, step.timeout());
            RunnerOutcome outcome = stops.any() ? null : run.runRunner(database, new RunnerStep(stepId, step, sinks));
            RunResult result = Completion.result(backend.name(), outcome, database, stepId, step, started, stops, progress);
            return Completion.end(result, sinks, file, step, stops, progress, out);
        }
    }

    /**
     * The spec of a step of WORKLOAD: the series' but for the workload (--init the first's alone; the
     * driver chosen for the engine, as lab run chooses it) and the timeout.
     */
    private RunSpec step(WorkloadConfig given) {
        WorkloadConfig workload = given.requireSupportedBy(spec.engine());
        if (first == null) {
            first = workload;
        } else if (workload.branches() != first.branches()) {
            throw new IllegalArgumentException("a step runs on the data the first step loaded: scale "
                    + first.branches() + ", not " + workload.branches());
        } else if (workload.init()) {
            workload = KnobCodec.with(workload, "init", false);
        }
        return new RunSpec(spec.engine(), spec.profile(), spec.target(), workload, spec.output(),
                RunSpec.plannedTimeout(workload), spec.influx());
    }

    private void timeUp() {
        timedOut = true;
        run.stop();
    }

    /** Removes everything the series made, however it ended; safe to call twice. */
    @Override
    public void close() {
        try {
            signals.close();
        } finally {
            run.close();
        }
    }
}
