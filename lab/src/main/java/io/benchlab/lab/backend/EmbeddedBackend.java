package io.benchlab.lab.backend;

import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.ResultSink;

/**
 * The engine and the runner in this JVM: nothing to provision, nothing to clean up. SETTINGS
 * (--db-set) go to the engine as it takes them in-process, and are read back before the load.
 */
public final class EmbeddedBackend implements Backend {

    private final ServerSettings settings;

    public EmbeddedBackend() {
        this(ServerSettings.NONE);
    }

    public EmbeddedBackend(ServerSettings settings) {
        this.settings = settings;
    }

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
        return new InProcessRun(spec, settings, runId, name(), progress, live);
    }
}
