package io.benchlab.lab.cli;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.DurationConverter;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import java.time.Duration;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** Limits and timeout of backends that run the database and the runner in containers or pods. */
public final class ContainerOptions {

    /** These options themselves, to tell which of them a run gave. */
    @Spec
    CommandSpec self;

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

    Provisioning provisioning() {
        return new Provisioning(dbImage(), db(), runner());
    }

    /** --timeout, or the planned time (warm-up plus rounds) plus slack for the load and the start. */
    Duration timeout(WorkloadConfig w) {
        if (timeout != null && timeout.isZero()) {
            throw new BadInputException("--timeout must be positive, got " + Durations.text(timeout));
        }
        if (timeout != null) {
            return timeout;
        }
        Duration round = w.duration() != null ? w.duration() : Duration.ofMinutes(10);
        return w.warmup().plus(round.multipliedBy(w.rounds())).plus(Defaults.RUN_TIMEOUT_SLACK);
    }

    ContainerLimits db() {
        return ContainerLimits.of("--db-cpus", dbCpus, "--db-memory", dbMemory);
    }

    ContainerLimits runner() {
        return ContainerLimits.of("--runner-cpus", runnerCpus, "--runner-memory", runnerMemory);
    }

    String dbImage() {
        if (dbImage != null && dbImage.isBlank()) {
            throw new BadInputException("--db-image is empty; leave it out for the engine's pinned image");
        }
        return dbImage;
    }

    /** On a backend without containers these options would be silently ignored: refuse them instead. */
    void refuseOn(String backend, ParseResult parsed) {
        for (OptionSpec o : self.options()) {
            if (parsed.hasMatchedOption(o.longestName())) {
                throw new BadInputException(o.longestName() + " applies to containers (--backend docker);"
                        + " this run's backend is " + backend);
            }
        }
    }
}
