package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.runner.cli.RunAction;
import io.benchlab.runner.core.BadInputException;
import java.io.PrintWriter;

/** The engine and the runner in this JVM: nothing to provision, nothing to clean up. */
public final class EmbeddedBackend implements Backend {

    @Override
    public String name() {
        return "embedded";
    }

    @Override
    public int run(RunSpec spec, PrintWriter out, PrintWriter err) throws Exception {
        if (!spec.target().managed()) {
            throw new BadInputException("the embedded backend runs in-process engines; a database at --jdbc-url"
                    + " runs with --backend external");
        }
        return RunAction.execute(spec.target(), spec.workload(), Placement.of(name()), spec.output(), out, err);
    }
}
