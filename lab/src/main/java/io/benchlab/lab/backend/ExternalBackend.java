package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.runner.cli.RunAction;
import io.benchlab.runner.core.BadInputException;
import java.io.PrintWriter;

/**
 * A database the user already runs, reached through --jdbc-url. The lab provisions nothing and
 * changes no server setting: the profile is read back from the server and recorded.
 */
public final class ExternalBackend implements Backend {

    @Override
    public String name() {
        return "external";
    }

    @Override
    public int run(RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        if (spec.target().managed()) {
            throw new BadInputException("the external backend needs --jdbc-url of the database to use");
        }
        return RunAction.execute(spec.target(), spec.workload(), Placement.of(name()), spec.output(), out, err);
    }
}
