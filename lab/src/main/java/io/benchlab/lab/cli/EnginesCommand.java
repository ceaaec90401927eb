package io.benchlab.lab.cli;

import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.util.concurrent.Callable;
import io.benchlab.runner.cli.VersionProvider;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "engines", mixinStandardHelpOptions = true,
        description = "List the engines, their profiles and, for server engines, the versions their images pin.")
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
            EngineImages.all().stream().filter(i -> i.engine().name().equals(e.name())).findFirst()
                    .ifPresent(i -> out.printf("  %-10s %s%n", "versions", versions(i)));
        }
        out.flush();
        return 0;
    }

    /** The pinned versions, the default first and said (--engine-version picks another). */
    private static String versions(EngineImage image) {
        return image.defaultVersion() + " (default)" + image.versions().stream().skip(1).map(v -> ", " + v)
                .reduce("", String::concat);
    }
}
