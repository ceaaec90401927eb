package io.benchlab.runner.driver;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.metrics.Step;
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
final class Worker extends Client {

    private static final long PARK_MARGIN_NANOS = 200_000;

    private final WorkloadConfig config;
    private final Distribution distribution;
    private final int scale;
    private final int maxTries;
    private final SplittableRandom random;
    private final WorkerMetrics metrics;
    /**
     * The timers by phase ({@link RoundPlan#phaseAt}): the warm-up's transactions are timed into a
     * rehearsal, then forgotten, so that the JIT has compiled the measured phase's timing and
     * recording code before the measured start (timing nothing in the warm-up left about 0.5 s of
     * compiling to the first round); picked by index, not by a branch (see {@link RoundPlan}).
     */
    private final WorkerMetrics[] timers;
    private final PartialLedger partials;
    private final TxInput in = new TxInput();
    private Connection connection;
    private TpcbTransaction transaction;

    /** Times the measured phase into METRICS, the warm-up into REHEARSAL (which the collector drains and drops). */
    Worker(int index, Target target, WorkloadConfig config, SplittableRandom random, WorkerMetrics metrics,
           WorkerMetrics rehearsal, PartialLedger partials) {
        super(index, target);
        this.metrics = metrics;
        this.timers = new WorkerMetrics[] {rehearsal, metrics};
        this.partials = partials;
        this.config = config;
        this.distribution = config.distribution();
        this.scale = config.branches();
        this.maxTries = config.maxTries();
        this.random = random;
    }

    @Override
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

    /** Runs one round's transactions on the calling thread until the plan or {@code stop} ends it. */
    @Override
    void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop) {
        ClientSchedule schedule = new ClientSchedule(plan, offsetNanos, index(), metrics);
        while (!stop.getAsBoolean() && !gaveUp()) {
            long txStart;
            if (plan.paced()) {
                if (!schedule.mayStart(System.nanoTime()) || !sleepUntil(schedule.intended(), plan, stop)) {
                    return;
                }
                txStart = schedule.intended();
            } else {
                txStart = System.nanoTime();
            }
            if (!schedule.start(txStart)) {
                return;
            }
            if (transaction == null && !reconnect(plan, stop, schedule.measured())) {
                // The round ended, or the server stayed away, while this client was reconnecting.
                return;
            }
            distribution.next(random, scale, in);
            attempt(schedule.phase(), txStart, plan, stop);
            schedule.finished();
        }
    }

    /**
     * One transaction with its retries, timed from {@code txStart} across all tries. With
     * explicit transactions a retry runs the whole transaction again; in autocommit mode each
     * statement is a transaction of its own, so only the failed statement is tried again, with
     * {@code --max-tries} tries of its own.
     */
    private void attempt(int phase, long txStart, RoundPlan plan, BooleanSupplier stop) {
        WorkerMetrics timer = timers[phase];
        transaction.begin();
        // A step that came too late for the last transaction is not this one's.
        guard.takeCancel();
        guard.takeAborted();
        Step failing = null;
        for (int tries = 1; ; tries++) {
            try {
                transaction.execute(in, timer);
                timer.committed(System.nanoTime() - txStart);
                return;
            } catch (SQLException e) {
                Thread.interrupted(); // the watchdog may have interrupted this thread; its pauses must still pause
                boolean measured = phase == RoundPlan.MEASURED;
                TryFailure failure = TryFailure.of(e, guard, closed(), stop.getAsBoolean(), target.engine());
                transaction.rollbackQuietly();
                if (config.autocommit() && transaction.next() != failing) {
                    failing = transaction.next();
                    tries = 1;
                }
                AfterFailure after = AfterFailure.of(failure, tries, maxTries, transaction.failedWhileCommitting());
                if (after.inDoubt()) {
                    metrics.inDoubt();
                }
                if (after.retry()) {
                    if (measured) {
                        metrics.retried(failure.cause());
                    }
                    continue;
                }
                if (config.autocommit()) {
                    partials.abandoned(transaction.landed(), transaction.next(), failure.lost(), in.delta);
                }
                if (after.failedAs() != null) {
                    noteFirstError(e);
                    after.countFailed(metrics, measured, System.nanoTime() - txStart);
                }
                if (after.reconnect()) {
                    reconnect(plan, stop, measured);
                }
                return;
            }
        }
    }

    private boolean closed() {
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
        Reconnect reconnect = new Reconnect();
        close();
        Reconnect.Step step;
        while ((step = reconnect.next(stop.getAsBoolean(), plan.over(System.nanoTime()))) == Reconnect.Step.TRY_AGAIN) {
            LockSupport.parkNanos(reconnect.nextPauseMillis() * 1_000_000L);
            try {
                open();
                if (measured) {
                    metrics.reconnected();
                }
                return true;
            } catch (SQLException stillDown) {
                close();
            }
        }
        if (step == Reconnect.Step.GIVE_UP) {
            giveUp();
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

    @Override
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
