package io.benchlab.lab.cli;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.DurationConverter;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import io.benchlab.runner.engine.Profile;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * Limits and timeout of backends that run the database and the runner in containers or pods. A
 * limit not given is the engine's own, from its descriptor, per profile for the database.
 */
public final class ContainerOptions {

    private static final String DEFAULT = " (default: the engine's descriptor, images/<engine>/engine.properties).";

    /** These options themselves, to tell which of them a run gave. */
    @Spec
    CommandSpec self;

    @Option(names = "--db-image", paramLabel = "IMAGE",
            description = "Run the database from this image instead of the engine's pinned one for the profile"
                    + " (its name and digest are recorded).")
    String dbImage;

    @Option(names = "--engine-version", paramLabel = "VERSION",
            description = "The engine version to run, one its descriptor pins: the image"
                    + " benchlab/<engine>:<VERSION>-<profile> (default: the descriptor's first; lab engines lists them).")
    String engineVersion;

    @Option(names = "--db-cpus", paramLabel = "N", description = "CPU limit of the database container" + DEFAULT)
    Double dbCpus;

    @Option(names = "--db-memory", paramLabel = "SIZE",
            description = "Memory limit of the database container, e.g. 2g" + DEFAULT)
    String dbMemory;

    @Option(names = "--runner-cpus", paramLabel = "N", description = "CPU limit of the runner container" + DEFAULT)
    Double runnerCpus;

    @Option(names = "--runner-memory", paramLabel = "SIZE",
            description = "Memory limit of the runner container, e.g. 1g" + DEFAULT)
    String runnerMemory;

    @Option(names = DbStorage.OPTION, paramLabel = "KIND",
            description = "Where the database keeps its data. --backend docker: container (its own storage, the"
                    + " default), volume (a fresh named volume), tmpfs[:SIZE] (memory; default and most: --db-memory)"
                    + " or bind:PATH (a fresh folder under PATH). --backend kubernetes: ephemeral (the pod's own"
                    + " storage, the default), memory[:SIZE] (an emptyDir in memory; default and most: --db-memory) or"
                    + " pvc[:CLASS][:SIZE] (a fresh PersistentVolumeClaim of CLASS, default: the cluster's default"
                    + " class; SIZE default 10Gi). What the run makes is removed with it.")
    String dbStorage;

    @Option(names = WriteIops.OPTION, paramLabel = "N",
            description = "Cap the database container's writes to the block device of its storage at N a second"
                    + " (--backend docker, a local Docker host; not with tmpfs), to stand for a slower disk such as a"
                    + " cloud volume's IOPS cap. On cgroup v1 only synchronous writes (flushes) are capped.")
    String dbWriteIops;

    @Option(names = "--timeout", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Stop a containerised run after this long, keeping its result as interrupted"
                    + " (default: warm-up + rounds x duration + 30m).")
    Duration timeout;

    /**
     * The image to run, and the limits: the flags given, else the image's descriptor's (see {@link #db});
     * {@code kubernetes}: --db-storage is read as that backend's kinds.
     */
    Provisioning provisioning(EngineImage image, Profile profile, boolean kubernetes) {
        ContainerLimits db = db(image, profile);
        DbStorage storage = storage(db, kubernetes);
        return new Provisioning(dbImage(), db, runner(image), engineVersion(image), null, storage,
                WriteIops.parse(dbWriteIops, storage));
    }

    /** --db-storage, read (null: the default); memory is checked against the database's memory limit. */
    private DbStorage storage(ContainerLimits db, boolean kubernetes) {
        long limit = db == null ? Long.MAX_VALUE : db.memoryBytes();
        if (kubernetes) {
            return dbStorage == null ? DbStorage.EPHEMERAL : DbStorage.parseKubernetes(dbStorage, limit);
        }
        return dbStorage == null ? null : DbStorage.parse(dbStorage, limit);
    }

    /** --db-write-iops caps the docker backend's container on its device; a pod's storage is the cluster's. */
    void refuseWriteIopsOn(String backend) {
        if (dbWriteIops != null) {
            throw new BadInputException(WriteIops.OPTION + " applies to --backend docker; this run's backend is "
                    + backend);
        }
    }

    /** --engine-version if the descriptor pins it (else bad input), and not beside --db-image; null: the default. */
    private String engineVersion(EngineImage image) {
        if (engineVersion != null && dbImage != null) {
            throw new BadInputException("--engine-version picks one of the engine's pinned images and --db-image names"
                    + " another: give one of them");
        }
        return image == null || engineVersion == null ? engineVersion : image.version(engineVersion);
    }

    /** --timeout, or the planned time (warm-up plus rounds) plus slack for the load and the start. */
    Duration timeout(WorkloadConfig w) {
        if (timeout != null && timeout.isZero()) {
            throw new BadInputException("--timeout must be positive, got " + Durations.text(timeout));
        }
        return timeout != null ? timeout : RunSpec.plannedTimeout(w);
    }


    /**
     * The database container's limits: the flags given, else the image's for the profile. With no
     * image (a run without containers) the flags are still checked, so that a bad value names its
     * flag on every backend, and the result is null.
     */
    ContainerLimits db(EngineImage image, Profile profile) {
        return limits(image == null ? null : image.dbLimits(profile), "--db-cpus", dbCpus, "--db-memory", dbMemory);
    }

    /** The runner container's limits: the flags given, else the image's; as {@link #db}. */
    ContainerLimits runner(EngineImage image) {
        return limits(image == null ? null : image.runnerLimits(), "--runner-cpus", runnerCpus,
                "--runner-memory", runnerMemory);
    }

    private static ContainerLimits limits(ContainerLimits descriptor, String cpusOption, Double cpus,
                                          String memoryOption, String memory) {
        if (descriptor != null) {
            return descriptor.with(cpusOption, cpus, memoryOption, memory);
        }
        if (cpus != null) {
            ContainerLimits.checkedCpus(cpusOption, cpus);
        }
        if (memory != null) {
            ContainerLimits.checkedMemory(memoryOption, memory);
        }
        return null;
    }

    String dbImage() {
        if (dbImage != null && dbImage.isBlank()) {
            throw new BadInputException("--db-image is empty; leave it out for the engine's pinned image");
        }
        return dbImage;
    }

    /** On a backend without containers these options would be silently ignored: refuse them instead. */
    void refuseOn(String backend, ParseResult parsed) {
        if (engineVersion != null) {
            throw new BadInputException("--engine-version picks the image of a server the lab starts (--backend docker"
                    + " or kubernetes); on --backend " + backend + " the lab does not pick the server");
        }
        BackendOptions.refuse(self, parsed, "containers (--backend docker)", backend);
    }
}
