package io.benchlab.lab.backend;

import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.runner.sink.ResultSink;

import io.benchlab.runner.core.BadInputException;

/**
 * A database the user already runs, reached through --jdbc-url. The lab provisions nothing and
 * changes no server setting: the profile is read back from the server and recorded.
 */
public final class ExternalBackend implements Backend {

    @Override
    public String name() {
        return BackendKind.EXTERNAL.label();
    }

    @Override
    public void check(RunSpec spec) {
        if (spec.target().managed()) {
            throw new BadInputException("the external backend needs --jdbc-url of the database to use");
        }
    }

    @Override
    public BackendRun open(RunSpec spec, String runId, Progress progress, ResultSink live) {
        return new InProcessRun(spec, ServerSettings.NONE, runId, name(), progress, live);
    }
}
