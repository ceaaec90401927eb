package io.benchlab.lab.cli;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendKind;
import io.benchlab.lab.backend.EmbeddedBackend;
import io.benchlab.lab.backend.ExternalBackend;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.docker.DockerBackend;
import io.benchlab.lab.backend.kubernetes.KubernetesBackend;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.lab.pipeline.PlannedRun;
import io.benchlab.runner.cli.InfluxOptions;
import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.cli.TargetOptions;
import io.benchlab.runner.cli.WorkloadOptions;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import java.io.PrintWriter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * Every option of a run on the lab, and the one way they become a {@link PlannedRun}: shared by
 * {@code lab run} and {@code lab sweep}, which plans each of its points from them.
 */
public final class RunOptions {

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
    ServerSettingsOptions serverSettings;

    @Mixin
    KubernetesOptions kubernetes;

    @Mixin
    OutputOptions output;

    @Mixin
    InfluxOptions influx;

    /** The backend and the run, every option checked against the others: bad input throws, nothing is made. */
    PlannedRun plan(ParseResult parsed) {
        return plan(parsed, target.engine(), workload.clients());
    }

    /** As {@link #plan(ParseResult)}, with ENGINE and CLIENTS in place of --engine's and --clients' (a sweep's point). */
    PlannedRun plan(ParseResult parsed, Engine engine, int clients) {
        var profile = target.profile(engine);
        var kind = BackendKind.choose(backend, engine, target.jdbcUrlGiven());
        // Every limit names its own flag and value, whatever the backend: checked before they are refused.
        // Containers run a server engine's image, whose descriptor has the limits that flags do not set.
        var image = kind.provisionsDatabase() && !engine.embedded() ? EngineImages.of(engine) : null;
        var settings = serverSettings.settings(engine, kind, image);
        var provisioning = containers.provisioning(image, profile, kind == BackendKind.KUBERNETES)
                .withSettings(settings);
        if (kind.provisionsDatabase() && target.jdbcUrlGiven()) {
            throw new BadInputException("--backend " + kind.label() + " starts its own database; to use the one at"
                    + " --jdbc-url, run with --backend external");
        }
        if (!kind.provisionsDatabase()) {
            containers.refuseOn(kind.label(), parsed);
        }
        if (kind != BackendKind.KUBERNETES) {
            kubernetes.refuseOn(kind.label(), parsed);
        } else {
            containers.refuseWriteIopsOn(kind.label());
        }
        if (kind == BackendKind.EMBEDDED && !engine.embedded()) {
            throw new BadInputException("--backend embedded runs in-process engines; " + engine.name() + " runs with"
                    + " --backend docker or kubernetes, or --backend external --jdbc-url URL");
        }
        var config = workload.toConfig(clients).requireSupportedBy(engine);
        Backend chosen = switch (kind) {
            case EMBEDDED -> new EmbeddedBackend(settings);
            case EXTERNAL -> new ExternalBackend();
            case DOCKER -> new DockerBackend(provisioning);
            case KUBERNETES -> new KubernetesBackend(provisioning, kubernetes.settings());
        };
        var spec = new RunSpec(engine, profile, kind.provisionsDatabase() ? null : target.toTarget(engine), config,
                output.toOutput(),
                kind.provisionsDatabase() ? containers.timeout(config) : null, influx.settings());
        return new PlannedRun(chosen, spec);
    }

    /** True with --dry-run: the planned run's manifests are printed instead of run (see {@link #printManifests}). */
    boolean dryRun() {
        return kubernetes.dryRun();
    }

    static int printManifests(PlannedRun run, PrintWriter out) throws Exception {
        return ((KubernetesBackend) run.backend()).printManifests(run.spec(), out);
    }
}
