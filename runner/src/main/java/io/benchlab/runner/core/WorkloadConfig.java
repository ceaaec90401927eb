package io.benchlab.runner.core;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.workload.tpcb.Distribution;
import java.time.Duration;

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
        Duration statementTimeout) {

    /** Prepared statements (the default) or plain statements with inlined values. */
    public enum StatementMode { PREPARED, DIRECT }

    public WorkloadConfig {
        positive("--scale", scale);
        positive("--clients", clients);
        if (clients > Defaults.MAX_CLIENTS) {
            throw new BadInputException("--clients " + clients + " is more than benchlab runs (at most "
                    + Defaults.MAX_CLIENTS + ", one thread and one connection each)");
        }
        positive("--rounds", rounds);
        positive("--max-tries", maxTries);
        positive("--load-batch-size", loadBatchSize);
        if ((duration == null) == (transactionsPerClient == null)) {
            throw new BadInputException("give either --duration or --transactions-per-client, not both");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new BadInputException("--duration must be positive, got " + duration);
        }
        if (transactionsPerClient != null && transactionsPerClient < 1) {
            throw new BadInputException("--transactions-per-client must be at least 1, got " + transactionsPerClient);
        }
        if (warmup.isNegative()) {
            throw new BadInputException("--warmup must not be negative, got " + warmup);
        }
        if (interval.isNegative() || interval.isZero()) {
            throw new BadInputException("--interval must be positive, got " + interval);
        }
        if (statementTimeout.isNegative()) {
            throw new BadInputException("--statement-timeout must not be negative, got " + statementTimeout);
        }
        if (rateTps != null && !(rateTps > 0 && Double.isFinite(rateTps))) {
            throw new BadInputException("--rate must be a positive number of transactions per second, got " + rateTps);
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
        return this;
    }

    private static void positive(String option, int value) {
        if (value < 1) {
            throw new BadInputException(option + " must be at least 1, got " + value);
        }
    }
}
