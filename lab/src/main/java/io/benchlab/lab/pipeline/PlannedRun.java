package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.RunSpec;
import java.io.PrintWriter;
import java.nio.file.Path;

/** One run with every option checked, nothing made yet: the backend it runs on and what it runs. */
public record PlannedRun(Backend backend, RunSpec spec) implements SweepPoint {

    @Override
    public PlannedRun planned() {
        return this;
    }

    /**
     * The backend's checks, made before the first of several planned runs starts (see
     * {@link Backend#preflight}); bad input is one line.
     */
    public void preflight() {
        backend.preflight(spec);
    }

    /** The run as lab run makes it. */
    @Override
    public SweepRow execute(Path resultsDir, PrintWriter out, PrintWriter err) throws Exception {
        return SweepRow.of(this, RunPipeline.run(backend, spec, resultsDir, out, err));
    }
}
