package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.LocalRun;
import io.benchlab.runner.sink.ResultSink;

/** The runner in the lab's own JVM, against the run's target: nothing to provision or remove. */
final class InProcessRun implements BackendRun {

    private final RunSpec spec;
    private final String runId;
    private final String backend;
    private final Progress progress;
    private final ResultSink live;
    private volatile LocalRun local;
    private volatile boolean stopped;

    InProcessRun(RunSpec spec, String runId, String backend, Progress progress, ResultSink live) {
        this.live = live;
        this.spec = spec;
        this.runId = runId;
        this.backend = backend;
        this.progress = progress;
    }

    @Override
    public ProvisionedDatabase provision() {
        return ProvisionedDatabase.NONE;
    }

    @Override
    public RunnerOutcome runRunner(ProvisionedDatabase database) throws Exception {
        Placement placement = Placement.of(backend);
        LocalRun run = new LocalRun(runId, spec.target(), spec.workload(), placement, progress.quiet(), progress.err(), live);
        local = run;
        if (stopped) {
            run.stop();
        }
        RunResult result = run.run();
        return RunnerOutcome.of(result, placement, ExitCodes.of(result, false));
    }

    @Override
    public void stop() {
        stopped = true;
        LocalRun run = local;
        if (run != null) {
            run.stop();
        }
    }

    @Override
    public void close() {
        // The engine (embedded) is shut down by the run itself; an external server is the user's.
    }
}
