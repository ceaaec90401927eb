package io.benchlab.runner.driver;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.CallGuard.Cancel;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.StepTimer;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import io.benchlab.runner.workload.tpcb.TpcbTransaction;
import io.benchlab.runner.workload.tpcb.TxInput;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * One client: one connection, its own random stream, its own metrics. The loop allocates
 * nothing of its own per transaction; locks and shared state stay out of it. It is the one place
 * that times transactions and decides what a failure means: retried, failed for good, in doubt,
 * or (autocommit) left partly applied.
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
    private final PartialLedger partials;
    private final CallGuard guard = new CallGuard();
    private final TxInput in = new TxInput();
    private Connection connection;
    private TpcbTransaction transaction;
    private volatile String firstError;
    /** The server stayed away longer than {@link Defaults#RECONNECT_FOR}: this client is done for the run. */
    private boolean gaveUp;

    Worker(int index, Target target, WorkloadConfig config, SplittableRandom random, WorkerMetrics metrics,
           PartialLedger partials) {
        this.index = index;
        this.metrics = metrics;
        this.partials = partials;
        this.target = target;
        this.config = config;
        this.distribution = config.distribution();
        this.scale = config.scale();
        this.maxTries = config.maxTries();
        this.random = random;
    }

    /** This client's number, run-wide (across client pods). */
    int index() {
        return index;
    }

    void open() throws SQLException {
        connection = target.connect();
        if (config.isolation().jdbcLevel() >= 0) {
            connection.setTransactionIsolation(config.isolation().jdbcLevel());
        }
        settleCommitCount();
        transaction = new TpcbTransaction(connection, config.statements() == StatementMode.PREPARED,
                config.autocommit(), config.selectOnly(), guard);
    }

    /**
     * Where the server counts commits (the accounting closure), what setting up this connection
     * committed is made to count now, before the closure's first read, not during the run. A
     * server that cannot only leaves the closure inexact: never a reason to fail the client.
     */
    private void settleCommitCount() {
        CommitCounter counter = CommitCounter.forRun(target.engine(), config.autocommit());
        if (counter == null) {
            return;
        }
        try {
            counter.settle(connection);
        } catch (SQLException inexact) {
            // The closure's own first read says so, on the admin connection.
        }
    }

    CallGuard guard() {
        return guard;
    }

    String firstError() {
        return firstError;
    }

    /** Runs one round's transactions on the calling thread until the plan or {@code stop} ends it. */
    void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop) {
        long intended = plan.start() + offsetNanos;
        long measuredDone = 0;
        while (!stop.getAsBoolean() && !gaveUp) {
            long txStart;
            if (plan.paced()) {
                long now = System.nanoTime();
                if (intended - plan.measuredStart() < 0 && now - plan.measuredStart() >= 0) {
                    // The warm-up ended with part of its schedule not started: that backlog is
                    // dropped, so the measured phase neither runs it nor times its own from it.
                    metrics.warmupMissedStarts(plan.startsBefore(intended, plan.measuredStart()));
                    intended = plan.measuredStart() + offsetNanos;
                }
                if (plan.pastDeadline(now)) {
                    metrics.missedStarts(plan.startsBefore(intended, plan.end()));
                    return;
                }
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
            if (transaction == null && !reconnect(plan, stop, measured)) {
                // The round ended, or the server stayed away, while this client was reconnecting.
                return;
            }
            distribution.next(random, scale, in);
            attempt(measured, txStart, plan, stop);
            if (measured) {
                measuredDone++;
            }
        }
    }

    /**
     * One transaction with its retries, timed from {@code txStart} across all tries. With
     * explicit transactions a retry runs the whole transaction again; in autocommit mode each
     * statement is a transaction of its own, so only the failed statement is tried again, with
     * {@code --max-tries} tries of its own.
     */
    private void attempt(boolean measured, long txStart, RoundPlan plan, BooleanSupplier stop) {
        StepTimer timer = measured ? metrics : StepTimer.OFF;
        transaction.begin();
        // A step that came too late for the last transaction is not this one's.
        guard.takeCancel();
        guard.takeAborted();
        Step failing = null;
        for (int tries = 1; ; tries++) {
            try {
                transaction.execute(in, timer);
                if (measured) {
                    metrics.committed(System.nanoTime() - txStart);
                } else {
                    metrics.warmupCommitted();
                }
                return;
            } catch (SQLException e) {
                Cancel cancel = guard.takeCancel();
                Thread.interrupted(); // the watchdog may have interrupted this thread; its pauses must still pause
                // An aborted connection is lost even when the error says otherwise (it may still be closing).
                boolean lost = guard.takeAborted() || connectionLost(e);
                if (lost && transaction.failedWhileCommitting()) {
                    metrics.inDoubt();
                }
                transaction.rollbackQuietly();
                if (config.autocommit() && transaction.next() != failing) {
                    failing = transaction.next();
                    tries = 1;
                }
                String cause = WorkerMetrics.causeOf(e.getSQLState(), cancel == Cancel.TIMEOUT);
                boolean retryable = !lost && cancel == null && target.engine().isRetryable(e);
                boolean stopping = cancel == Cancel.STOP || stop.getAsBoolean();
                if (retryable && tries < maxTries && !stopping) {
                    if (measured) {
                        metrics.retried(cause);
                    }
                    continue;
                }
                if (config.autocommit()) {
                    partials.abandoned(transaction.landed(), transaction.next(), lost, in.delta);
                }
                if (!stopping) {
                    noteFirstError(e);
                    if (measured) {
                        metrics.failed(cause, System.nanoTime() - txStart, retryable);
                    } else {
                        metrics.warmupFailed();
                    }
                }
                if (lost) {
                    reconnect(plan, stop, measured);
                }
                return;
            }
        }
    }

    private void noteFirstError(SQLException e) {
        if (firstError == null) {
            firstError = Redact.message("client " + index + ": " + e.getSQLState() + " " + e.getMessage(),
                    target.password());
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

    /**
     * Reconnects with a growing pause, until it works, the round is over, the run stops, or the
     * server has stayed away for {@link Defaults#RECONNECT_FOR}; true when connected.
     */
    private boolean reconnect(RoundPlan plan, BooleanSupplier stop, boolean measured) {
        long pauseMillis = RECONNECT_FIRST_PAUSE_MILLIS;
        long giveUp = System.nanoTime() + Defaults.RECONNECT_FOR.toNanos();
        close();
        while (!stop.getAsBoolean() && !plan.over(System.nanoTime())) {
            if (System.nanoTime() - giveUp > 0) {
                gaveUp = true;
                firstError = "client " + index + ": the server did not answer for "
                        + Defaults.RECONNECT_FOR.toSeconds() + " s; the client gave up";
                return false;
            }
            LockSupport.parkNanos(pauseMillis * 1_000_000L);
            try {
                open();
                if (measured) {
                    metrics.reconnected();
                }
                return true;
            } catch (SQLException stillDown) {
                close();
                pauseMillis = Math.min(pauseMillis * 2, RECONNECT_MAX_PAUSE_MILLIS);
            }
        }
        return false;
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
        return !plan.over(intended);
    }

    /** Closes the connection from another thread while a call may still run on it. */
    void abort() {
        guard.abort();
        guard.interrupt();
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
