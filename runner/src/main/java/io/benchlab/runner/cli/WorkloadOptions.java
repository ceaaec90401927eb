package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.Sampling;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** Every workload knob of {@code run}; defaults come from {@link Defaults}. */
public final class WorkloadOptions {

    @Mixin
    LoadOptions load;

    @Option(names = {"-c", "--clients"}, paramLabel = "N", defaultValue = "" + Defaults.CLIENTS,
            description = "Client threads, one connection each (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = {"-d", "--duration"}, paramLabel = "TIME", converter = DurationConverter.class,
            description = "Length of each measured round, e.g. 30s, 5m, 1h30m, 2d (default: 10s unless -t is given)."
                    + " Every duration option takes ms, s, m, h and d, up to " + Defaults.MAX_DURATION_DAYS + "d.")
    Duration duration;

    @Option(names = {"-t", "--transactions-per-client"}, paramLabel = "N",
            description = "Measured transactions per client and round, instead of a duration.")
    Long transactionsPerClient;

    @Option(names = "--warmup", paramLabel = "TIME", converter = DurationConverter.class, defaultValue = Defaults.WARMUP,
            description = "Warm-up before the first round, excluded from every figure (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(names = "--rate", paramLabel = "TPS",
            description = "Total target rate; latency is then timed from each transaction's intended start.")
    Double rate;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "" + Defaults.ROUNDS,
            description = "Measured rounds; each is reported, and the run's figures are all of them together; lab compare"
                    + " needs 5 or more a side (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--seed", paramLabel = "N",
            description = "Seed of the per-client random streams (default: random, recorded in the result).")
    Long seed;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "tpcb",
            description = "Row choice: tpcb (85%% home branch) or pgbench (uniform) (default: ${DEFAULT-VALUE}).")
    String distribution;

    @Option(names = "--statements", paramLabel = "MODE", defaultValue = "prepared",
            description = "prepared or direct (default: ${DEFAULT-VALUE}).")
    String statements;

    @Option(names = "--autocommit", description = "Commit every statement on its own instead of one transaction.")
    boolean autocommit;

    @Option(names = "--isolation", paramLabel = "LEVEL", defaultValue = "default",
            description = "default, read-uncommitted, read-committed, repeatable-read or serializable.")
    String isolation;

    @Option(names = "--select-only", description = "Run only the account balance read (TPC-B read-only mix).")
    boolean selectOnly;

    @Option(names = "--max-tries", paramLabel = "N", defaultValue = "" + Defaults.MAX_TRIES,
            description = "Tries per transaction on serialization failures and deadlocks (default: ${DEFAULT-VALUE}).")
    int maxTries;

    @Option(names = "--interval", paramLabel = "TIME", converter = DurationConverter.class, defaultValue = Defaults.INTERVAL,
            description = "Progress line and interval-series resolution, at least " + Defaults.MIN_INTERVAL_MILLIS
                    + "ms (default: ${DEFAULT-VALUE}).")
    Duration interval;

    @Option(names = "--init", description = "Reload the data before the run even if it is there.")
    boolean init;

    @Option(names = "--statement-timeout", paramLabel = "TIME", converter = DurationConverter.class,
            defaultValue = Defaults.STATEMENT_TIMEOUT,
            description = "Cancel a statement or commit running longer than this; its transaction fails with cause"
                    + " timeout. 0 = no limit (default: ${DEFAULT-VALUE}).")
    Duration statementTimeout;

    @Option(names = "--server-stats", paramLabel = "on|off", defaultValue = "on",
            description = "Read the database's own counters per interval and its sessions by wait, on a connection"
                    + " of its own (PostgreSQL, MySQL, MariaDB) (default: ${DEFAULT-VALUE}).")
    String serverStats;

    @Option(names = "--driver", paramLabel = "NAME", defaultValue = "jdbc",
            description = "jdbc, or vertx (PostgreSQL): every connection on a few event-loop threads instead of a"
                    + " thread each, for a client that must not run out of CPU first (default: ${DEFAULT-VALUE}).")
    String driver;

    public WorkloadConfig toConfig() {
        return toConfig(clients);
    }

    /** --clients as given. */
    public int clients() {
        return clients;
    }

    /** As {@link #toConfig()}, with CLIENTS in place of --clients' (a sweep's point). */
    public WorkloadConfig toConfig(int clients) {
        Duration d = duration == null && transactionsPerClient == null ? Defaults.DURATION : duration;
        return new WorkloadConfig(load.scale, clients, d, transactionsPerClient, warmup, rate, rounds,
                seed != null ? seed : new SecureRandom().nextLong(),
                choice(Distribution.class, "--distribution", distribution),
                choice(StatementMode.class, "--statements", statements),
                autocommit, choice(Isolation.class, "--isolation", isolation), selectOnly, maxTries, interval,
                load.batchSize, init, statementTimeout, choice(Sampling.class, "--server-stats", serverStats),
                choice(ClientDriver.class, "--driver", driver));
    }

    /** The constant of that name in any case, with -, _ or a space between words: "Read Committed". */
    static <E extends Enum<E>> E choice(Class<E> type, String option, String value) {
        String wanted = value.strip().toUpperCase(Locale.ROOT).replaceAll("[-\\s]+", "_");
        return Arrays.stream(type.getEnumConstants()).filter(c -> c.name().equals(wanted)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown " + option + " '" + value + "'; choose one of "
                        + Arrays.stream(type.getEnumConstants())
                                .map(c -> c.name().toLowerCase(Locale.ROOT).replace('_', '-'))
                                .collect(Collectors.joining(", "))));
    }
}
