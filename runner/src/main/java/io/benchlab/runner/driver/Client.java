package io.benchlab.runner.driver;

import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.Target;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * One client of the run, whichever driver it talks through: its connection, its own random
 * stream and metrics, and the one place that times its transactions and decides what a failure
 * means. What every client keeps alike is here: its number, what its connection is doing, and
 * the first failure it saw.
 */
abstract class Client implements AutoCloseable {

    final int index;
    final Target target;
    final CallGuard guard = new CallGuard();
    private volatile String firstError;
    /** The server stayed away longer than {@link io.benchlab.runner.Defaults#RECONNECT_FOR}: done for the run. */
    private volatile boolean gaveUp;

    Client(int index, Target target) {
        this.index = index;
        this.target = target;
    }

    /** This client's number, run-wide (across client pods). */
    final int index() {
        return index;
    }

    /** What its connection is doing, for the {@link Watchdog}. */
    final CallGuard guard() {
        return guard;
    }

    /** The first failure it saw, redacted; null when none. */
    final String firstError() {
        return firstError;
    }

    /** A failure for good (not the run's stop): the first is kept, numbered and with no password in it. */
    final void noteFirstError(SQLException e) {
        if (firstError == null) {
            firstError = TryFailure.firstError(index, e, target);
        }
    }

    /** The server stayed away too long: the client starts nothing more in this run. */
    final void giveUp() {
        gaveUp = true;
        firstError = Reconnect.gaveUp(index);
    }

    final boolean gaveUp() {
        return gaveUp;
    }

    abstract void open() throws SQLException;

    /** Runs one round's transactions until the plan or {@code stop} ends it; returns when the client is done with it. */
    abstract void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop);

    /**
     * Does what a round's start does to the threads the client runs on, and nothing else; called
     * from the collector at each warm-up read, while the client runs its warm-up. A client on a
     * thread of its own has nothing to rehearse; an event-loop client's is {@link RoundStarts}.
     */
    void rehearseRoundStart() {
    }

    /** Closes the connection from another thread while a call may still run on it. */
    abstract void abort();

    @Override
    public abstract void close();
}
