package io.benchlab.lab.cli;

import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.util.concurrent.Callable;
import io.benchlab.runner.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "engines", mixinStandardHelpOptions = true, description = "List the engines and their profiles.")
final class EnginesCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var out = spec.commandLine().getOut();
        for (Engine e : Engines.all()) {
            out.printf("%-10s %s%n", e.name(), e.description());
            for (Profile p : e.profiles()) {
                out.printf("  %-10s %s%s%n", p.name(), p.description(), p == e.defaultProfile() ? " (default)" : "");
            }
        }
        out.flush();
        return 0;
    }
}
