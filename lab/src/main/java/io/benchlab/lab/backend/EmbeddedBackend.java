package io.benchlab.lab.backend;

import io.benchlab.runner.sink.ResultSink;

import io.benchlab.runner.core.BadInputException;

/** The engine and the runner in this JVM: nothing to provision, nothing to clean up. */
public final class EmbeddedBackend implements Backend {

    @Override
    public String name() {
        return BackendKind.EMBEDDED.label();
    }

    @Override
    public void check(RunSpec spec) {
        if (!spec.target().managed()) {
            throw new BadInputException("the embedded backend runs in-process engines; a database at --jdbc-url"
                    + " runs with --backend external");
        }
    }

    @Override
    public BackendRun open(RunSpec spec, String runId, Progress progress, ResultSink live) {
        return new InProcessRun(spec, runId, name(), progress, live);
    }
}
