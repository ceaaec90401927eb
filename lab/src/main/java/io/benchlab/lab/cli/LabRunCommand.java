package io.benchlab.lab.cli;

import io.benchlab.lab.backend.Backends;
import io.benchlab.lab.backend.EmbeddedBackend;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.TargetOptions;
import io.benchlab.runner.cli.VersionProvider;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(versionProvider = VersionProvider.class, name = "run", mixinStandardHelpOptions = true,
        description = "Run one benchmark on a backend and write its result.")
final class LabRunCommand implements Callable<Integer> {

    @Spec
    CommandSpec commandSpec;

    @Mixin
    TargetOptions target;

    @Mixin
    WorkloadOptions workload;

    @Option(names = "--backend", paramLabel = "NAME",
            description = "Where the engine runs: embedded (in this process), external (a server you run, at"
                    + " --jdbc-url) or docker (the engine's pinned image and the runner in containers)"
                    + " (default: embedded for in-process engines, external with --jdbc-url, else docker).")
    String backend;

    @Mixin
    ContainerOptions containers;

    @Mixin
    OutputOptions output;

    @Override
    public Integer call() throws Exception {
        var engine = target.engine();
        var profile = target.profile(engine);
        var chosen = Backends.choose(backend, engine, target.jdbcUrlGiven());
        // Containers run a server engine's image, whose descriptor has the limits that flags do not set.
        var image = chosen.provisionsDatabase() && !engine.embedded() ? EngineImages.of(engine) : null;
        var dbLimits = containers.db(image, profile);
        var runnerLimits = containers.runner(image);
        var dbImage = containers.dbImage();
        var timeout = containers.timeout();
        if (chosen.provisionsDatabase() && target.jdbcUrlGiven()) {
            throw new BadInputException("--backend " + chosen.name() + " starts its own database; to use the one at"
                    + " --jdbc-url, run with --backend external");
        }
        if (!chosen.provisionsDatabase()) {
            containers.refuseOn(chosen.name(), commandSpec.commandLine().getParseResult());
        }
        if (chosen instanceof EmbeddedBackend && !engine.embedded()) {
            throw new BadInputException("--backend embedded runs in-process engines; " + engine.name() + " runs with"
                    + " --backend docker, or --backend external --jdbc-url URL");
        }
        var spec = new RunSpec(engine, profile, chosen.provisionsDatabase() ? null : target.toTarget(),
                workload.toConfig().requireSupportedBy(engine), output, dbImage, dbLimits, runnerLimits, timeout);
        return chosen.run(spec, commandSpec.commandLine().getOut(), commandSpec.commandLine().getErr());
    }
}
