package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.workload.tpcb.Distribution;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Locale;

/**
 * Every knob of a run. Exactly one of {@code duration} and {@code transactionsPerClient} is set;
 * {@code statementTimeout} zero means no limit. Checked once, here, so the driver never sees a
 * bad value.
 */
public record WorkloadConfig(
        int scale,
        int clients,
        Duration duration,
        Long transactionsPerClient,
        Duration warmup,
        Double rateTps,
        int rounds,
        long seed,
        Distribution distribution,
        StatementMode statements,
        boolean autocommit,
        Isolation isolation,
        boolean selectOnly,
        int maxTries,
        Duration interval,
        int loadBatchSize,
        boolean init,
        Duration statementTimeout,
        Sampling serverStats,
        ClientDriver driver) {

    /** Prepared statements (the default) or plain statements with inlined values. */
    public enum StatementMode { PREPARED, DIRECT }

    /** Whether the runner samples the database's own statistics while the clients run. */
    public enum Sampling { ON, OFF }

    /**
     * How the clients talk to the database: the engine's JDBC driver, one thread blocked on each
     * connection; or (PostgreSQL) Vert.x's client, every connection on a few event-loop threads,
     * so the client spends its CPU on the transactions and not on waking a thread per round trip.
     */
    public enum ClientDriver { JDBC, VERTX }

    /** A config from before {@code driver} was a knob: JDBC. */
    public WorkloadConfig(int scale, int clients, Duration duration, Long transactionsPerClient, Duration warmup,
                          Double rateTps, int rounds, long seed, Distribution distribution, StatementMode statements,
                          boolean autocommit, Isolation isolation, boolean selectOnly, int maxTries, Duration interval,
                          int loadBatchSize, boolean init, Duration statementTimeout, Sampling serverStats) {
        this(scale, clients, duration, transactionsPerClient, warmup, rateTps, rounds, seed, distribution, statements,
                autocommit, isolation, selectOnly, maxTries, interval, loadBatchSize, init, statementTimeout,
                serverStats, ClientDriver.JDBC);
    }

    public WorkloadConfig {
        // A result from before the knob existed: that run sampled nothing.
        serverStats = serverStats == null ? Sampling.OFF : serverStats;
        // A result from before the knob existed: its clients used JDBC.
        driver = driver == null ? ClientDriver.JDBC : driver;
        checkLoad(scale, loadBatchSize);
        positive("--clients", clients);
        if (clients > Defaults.MAX_CLIENTS) {
            throw new BadInputException("--clients " + clients + " is more than benchlab runs (at most "
                    + Defaults.MAX_CLIENTS + ", one thread and one connection each)");
        }
        positive("--rounds", rounds);
        positive("--max-tries", maxTries);
        if ((duration == null) == (transactionsPerClient == null)) {
            throw new BadInputException("give either --duration or --transactions-per-client, not both");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new BadInputException("--duration must be positive, got " + Durations.text(duration));
        }
        if (transactionsPerClient != null && transactionsPerClient < 1) {
            throw new BadInputException("--transactions-per-client must be at least 1, got " + transactionsPerClient);
        }
        if (warmup.isNegative()) {
            throw new BadInputException("--warmup must not be negative, got " + Durations.text(warmup));
        }
        if (interval.compareTo(Defaults.MIN_INTERVAL) < 0) {
            throw new BadInputException("--interval must be at least " + Durations.text(Defaults.MIN_INTERVAL)
                    + " (one progress line each), got " + Durations.text(interval));
        }
        if (statementTimeout.isNegative()) {
            throw new BadInputException("--statement-timeout must not be negative, got " + Durations.text(statementTimeout));
        }
        if (rateTps != null && !(rateTps > 0 && Double.isFinite(rateTps))) {
            throw new BadInputException("--rate must be a positive number of transactions per second, got " + rateTps);
        }
        if (rateTps != null && duration != null && rateTps * seconds(duration) < 1) {
            throw new BadInputException("--rate " + plain(rateTps) + " schedules no transaction in a "
                    + Durations.text(duration) + " round; give at least "
                    + plain(new BigDecimal(1 / seconds(duration)).round(new MathContext(3)).doubleValue()));
        }
        checkPlannedTime(warmup, rounds, roundSeconds(duration, transactionsPerClient, clients, rateTps));
    }

    /** The knobs of a load, which {@code init} takes without the rest. */
    public static void checkLoad(int scale, int loadBatchSize) {
        positive("--scale", scale);
        positive("--load-batch-size", loadBatchSize);
        if (loadBatchSize > Defaults.MAX_LOAD_BATCH_SIZE) {
            throw new BadInputException("--load-batch-size must be at most " + Defaults.MAX_LOAD_BATCH_SIZE
                    + " (a batch is held in memory), got " + loadBatchSize);
        }
        if ((long) scale * 100_000L > Integer.MAX_VALUE) {
            throw new BadInputException("--scale " + scale + " is too large: account ids must fit in an INTEGER");
        }
    }

    /** Refuses what the engine cannot run honestly, before anything is started. */
    public WorkloadConfig requireSupportedBy(Engine engine) {
        if (engine.isolationsLosingUpdates().contains(isolation.jdbcLevel())) {
            throw new BadInputException(engine.name() + " loses concurrent updates at --isolation " + isolation.label()
                    + ", so TPC-B's balance sums cannot hold; choose read-committed or stricter");
        }
        if (driver == ClientDriver.VERTX) {
            if (!engine.speaksVertx()) {
                throw new BadInputException("--driver vertx is PostgreSQL's only; " + engine.name() + " runs with --driver jdbc");
            }
            if (autocommit || statements == StatementMode.DIRECT) {
                throw new BadInputException("--driver vertx runs prepared statements in explicit transactions;"
                        + " --autocommit and --statements direct run with --driver jdbc");
            }
        }
        return this;
    }

    /** A round's planned length; unknown (0) for a per-client count that is not paced. */
    private static double roundSeconds(Duration duration, Long transactionsPerClient, int clients, Double rateTps) {
        if (duration != null) {
            return seconds(duration);
        }
        return rateTps == null ? 0 : (double) transactionsPerClient * clients / rateTps;
    }

    private static void checkPlannedTime(Duration warmup, int rounds, double roundSeconds) {
        double planned = seconds(warmup) + rounds * roundSeconds;
        if (planned > seconds(Defaults.MAX_DURATION)) {
            throw new BadInputException(String.format(Locale.ROOT,
                    "the run would take %.1f days (--warmup plus --rounds %d x %.1f hours); the most is %s",
                    planned / 86_400, rounds, roundSeconds / 3_600, Durations.text(Defaults.MAX_DURATION)));
        }
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static void positive(String option, int value) {
        if (value < 1) {
            throw new BadInputException(option + " must be at least 1, got " + value);
        }
    }
}
