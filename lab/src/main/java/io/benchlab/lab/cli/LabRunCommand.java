package io.benchlab.lab.cli;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.EmbeddedBackend;
import io.benchlab.lab.backend.ExternalBackend;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.docker.DockerBackend;
import io.benchlab.lab.backend.kubernetes.KubernetesBackend;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.runner.cli.InfluxOptions;
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
                    + " --jdbc-url), docker (the engine's pinned image and the runner in containers) or kubernetes"
                    + " (a database pod and a runner Job on dedicated nodes) (default: embedded for in-process"
                    + " engines, external with --jdbc-url, else docker).")
    String backend;

    @Mixin
    ContainerOptions containers;

    @Mixin
    KubernetesOptions kubernetes;

    @Mixin
    OutputOptions output;

    @Mixin
    InfluxOptions influx;

    @Override
    public Integer call() throws Exception {
        var engine = target.engine();
        var profile = target.profile(engine);
        var kind = BackendKind.choose(backend, engine, target.jdbcUrlGiven());
        // Every limit names its own flag and value, whatever the backend: checked before they are refused.
        // Containers run a server engine's image, whose descriptor has the limits that flags do not set.
        var image = kind.provisionsDatabase() && !engine.embedded() ? EngineImages.of(engine) : null;
        var provisioning = containers.provisioning(image, profile);
        var parsed = commandSpec.commandLine().getParseResult();
        if (kind.provisionsDatabase() && target.jdbcUrlGiven()) {
            throw new BadInputException("--backend " + kind.label() + " starts its own database; to use the one at"
                    + " --jdbc-url, run with --backend external");
        }
        if (!kind.provisionsDatabase()) {
            containers.refuseOn(kind.label(), parsed);
        }
        if (kind != BackendKind.KUBERNETES) {
            kubernetes.refuseOn(kind.label(), parsed);
        }
        if (kind == BackendKind.EMBEDDED && !engine.embedded()) {
            throw new BadInputException("--backend embedded runs in-process engines; " + engine.name() + " runs with"
                    + " --backend docker or kubernetes, or --backend external --jdbc-url URL");
        }
        var config = workload.toConfig().requireSupportedBy(engine);
        Backend chosen = switch (kind) {
            case EMBEDDED -> new EmbeddedBackend();
            case EXTERNAL -> new ExternalBackend();
            case DOCKER -> new DockerBackend(provisioning);
            case KUBERNETES -> new KubernetesBackend(provisioning, kubernetes.settings());
        };
        var spec = new RunSpec(engine, profile, kind.provisionsDatabase() ? null : target.toTarget(), config, output,
                kind.provisionsDatabase() ? containers.timeout(config) : null, influx.settings());
        var out = commandSpec.commandLine().getOut();
        var err = commandSpec.commandLine().getErr();
        if (kubernetes.dryRun()) {
            return ((KubernetesBackend) chosen).printManifests(spec, out);
        }
        return RunPipeline.run(chosen, spec, out, err);
    }
}
