package io.benchlab.runner.driver;

import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.core.WorkloadConfig.StatementMode;
import io.benchlab.runner.metrics.StepTimer;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.TpcbTransaction;
import io.benchlab.runner.workload.tpcb.TxInput;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One client: one connection, its own random stream, its own metrics. The loop allocates
 * nothing of its own per transaction; locks and shared state stay out of it.
 */
final class Worker implements AutoCloseable {

    private static final long PARK_MARGIN_NANOS = 200_000;
    private static final long RECONNECT_FIRST_PAUSE_MILLIS = 50;
    private static final long RECONNECT_MAX_PAUSE_MILLIS = 2_000;

    private final int index;
    private final Target target;
    private final WorkloadConfig config;
    private final Distribution distribution;
    private final int scale;
    private final int maxTries;
    private final SplittableRandom random;
    private final WorkerMetrics metrics;
    private final TxInput in = new TxInput();
    private Connection connection;
    private TpcbTransaction transaction;
    private volatile String firstError;

    Worker(int index, Target target, WorkloadConfig config, SplittableRandom random, WorkerMetrics metrics) {
        this.index = index;
        this.metrics = metrics;
        this.target = target;
        this.config = config;
        this.distribution = config.distribution();
        this.scale = config.scale();
        this.maxTries = config.maxTries();
        this.random = random;
    }

    void open() throws SQLException {
        connection = target.connect();
        if (config.isolation().jdbcLevel() >= 0) {
            connection.setTransactionIsolation(config.isolation().jdbcLevel());
        }
        transaction = new TpcbTransaction(connection, config.statements() == StatementMode.PREPARED,
                config.autocommit(), config.selectOnly());
    }

    String firstError() {
        return firstError;
    }

    /** Runs one round's transactions on the calling thread until the plan or {@code stop} ends it. */
    void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop) {
        long intended = plan.start() + offsetNanos;
        long measuredDone = 0;
        while (!stop.getAsBoolean()) {
            long txStart;
            if (plan.paced()) {
                if (!sleepUntil(intended, plan, stop)) {
                    return;
                }
                txStart = intended;
                intended += plan.periodNanos();
            } else {
                txStart = System.nanoTime();
            }
            boolean measured = txStart - plan.measuredStart() >= 0;
            if (measured && (plan.over(txStart) || measuredDone >= plan.transactions())) {
                return;
            }
            if (transaction == null) {
                // The last round ended while this client was reconnecting.
                reconnect(plan, stop);
                if (transaction == null) {
                    return;
                }
            }
            distribution.next(random, scale, in);
            boolean committed = attempt(measured ? metrics : StepTimer.OFF, plan, stop);
            if (measured) {
                measuredDone++;
                if (committed) {
                    metrics.committed(System.nanoTime() - txStart);
                }
            } else if (committed) {
                metrics.warmupCommitted();
            }
        }
    }

    /** One transaction with its retries; latency is taken by the caller across all tries. */
    private boolean attempt(StepTimer timer, RoundPlan plan, BooleanSupplier stop) {
        boolean measured = timer != StepTimer.OFF;
        for (int tries = 1; ; tries++) {
            try {
                transaction.execute(in, timer);
                return true;
            } catch (SQLException e) {
                boolean lost = connectionLost(e);
                if (lost && transaction.failedWhileCommitting()) {
                    metrics.inDoubt();
                }
                transaction.rollbackQuietly();
                if (!lost && tries < maxTries && target.engine().isRetryable(e)) {
                    if (measured) {
                        metrics.retried(e.getSQLState());
                    }
                    continue;
                }
                if (firstError == null) {
                    firstError = Redact.message("client " + index + ": " + e.getSQLState() + " " + e.getMessage(),
                            target.password());
                }
                if (measured) {
                    metrics.failed(e.getSQLState());
                } else {
                    metrics.warmupFailed();
                }
                if (lost) {
                    reconnect(plan, stop);
                }
                return false;
            }
        }
    }

    /** A broken connection (08xxx), or a server shutting it down (57P0x): the run goes on after a reconnect. */
    private boolean connectionLost(SQLException e) {
        String state = e.getSQLState();
        if (state != null && (state.startsWith("08") || state.startsWith("57P0"))) {
            return true;
        }
        try {
            return connection.isClosed();
        } catch (SQLException closed) {
            return true;
        }
    }

    /** Reconnects with a growing pause, until it works or the round is over. */
    private void reconnect(RoundPlan plan, BooleanSupplier stop) {
        long pauseMillis = RECONNECT_FIRST_PAUSE_MILLIS;
        close();
        while (!stop.getAsBoolean() && !plan.over(System.nanoTime())) {
            LockSupport.parkNanos(pauseMillis * 1_000_000L);
            try {
                open();
                return;
            } catch (SQLException stillDown) {
                close();
                pauseMillis = Math.min(pauseMillis * 2, RECONNECT_MAX_PAUSE_MILLIS);
            }
        }
    }

    /**
     * Waits until the intended start; false when the run ends first. A parked thread wakes late
     * (timer slack, and on a VM a slow wake-up), and under --rate that lateness is billed as
     * latency: so it parks only for the part of the wait beyond {@link #PARK_MARGIN_NANOS} and
     * yields the processor for the rest.
     */
    private static boolean sleepUntil(long intended, RoundPlan plan, BooleanSupplier stop) {
        long now;
        while ((now = System.nanoTime()) - intended < 0) {
            if (stop.getAsBoolean() || plan.over(intended)) {
                return false;
            }
            long wait = intended - now;
            if (wait > PARK_MARGIN_NANOS) {
                LockSupport.parkNanos(Math.min(wait - PARK_MARGIN_NANOS, 50_000_000L));
            } else {
                Thread.yield();
            }
        }
        return true;
    }

    @Override
    public void close() {
        try {
            if (transaction != null) {
                transaction.close();
            }
        } catch (SQLException ignored) {
            // Closing after the run or a broken connection; nothing left to measure.
        }
        try {
            if (connection != null) {
                connection.close();
            }
        } catch (SQLException ignored) {
            // As above.
        }
        transaction = null;
        connection = null;
    }
}
