package io.benchlab.lab.cli;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.DurationConverter;
import java.time.Duration;
import picocli.CommandLine.Option;

/** Limits and timeout of backends that run the database and the runner in containers or pods. */
public final class ContainerOptions {

    @Option(names = "--db-image", paramLabel = "IMAGE",
            description = "Run the database from this image instead of the engine's pinned one for the profile"
                    + " (its name and digest are recorded).")
    String dbImage;

    @Option(names = "--db-cpus", paramLabel = "N", defaultValue = "" + Defaults.DB_CPUS,
            description = "CPU limit of the database container (default: ${DEFAULT-VALUE}).")
    double dbCpus;

    @Option(names = "--db-memory", paramLabel = "SIZE", defaultValue = Defaults.DB_MEMORY,
            description = "Memory limit of the database container, e.g. 2g (default: ${DEFAULT-VALUE}).")
    String dbMemory;

    @Option(names = "--runner-cpus", paramLabel = "N", defaultValue = "" + Defaults.RUNNER_CPUS,
            description = "CPU limit of the runner container (default: ${DEFAULT-VALUE}).")
    double runnerCpus;

    @Option(names = "--runner-memory", paramLabel = "SIZE", defaultValue = Defaults.RUNNER_MEMORY,
            description = "Memory limit of the runner container (default: ${DEFAULT-VALUE}).")
    String runnerMemory;

    @Option(names = "--timeout", paramLabel = "TIME", converter = DurationConverter.class,
            description = "Stop a containerised run after this long, keeping its result as interrupted"
                    + " (default: warm-up + rounds x duration + 30m).")
    Duration timeout;

    ContainerLimits db() {
        return new ContainerLimits(dbCpus, ContainerLimits.parseMemory("--db-memory", dbMemory));
    }

    ContainerLimits runner() {
        return new ContainerLimits(runnerCpus, ContainerLimits.parseMemory("--runner-memory", runnerMemory));
    }

    String dbImage() {
        return dbImage;
    }

    Duration timeout() {
        return timeout;
    }
}
