package io.benchlab.runner.driver;

import io.benchlab.runner.core.CallGuard;
import java.sql.SQLException;
import java.util.function.BooleanSupplier;

/**
 * One client of the run, whichever driver it talks through: its connection, its own random
 * stream and metrics, and the one place that times its transactions and decides what a failure
 * means.
 */
interface Client extends AutoCloseable {

    /** This client's number, run-wide (across client pods). */
    int index();

    void open() throws SQLException;

    /** What its connection is doing, for the {@link Watchdog}. */
    CallGuard guard();

    /** The first failure it saw, redacted; null when none. */
    String firstError();

    /** Runs one round's transactions until the plan or {@code stop} ends it; returns when the client is done with it. */
    void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop);

    /** Closes the connection from another thread while a call may still run on it. */
    void abort();

    @Override
    void close();
}
