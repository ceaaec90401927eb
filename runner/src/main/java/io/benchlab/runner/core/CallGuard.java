package io.benchlab.runner.core;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What one client's connection is doing, for a watchdog on another thread: the statement it
 * runs and since when. The client marks each statement (lazy writes: a plain store on x86, so
 * the hot path stays cheap); the watchdog cancels a statement that runs too long or when the
 * run stops, and aborts the connection when a cancel is not enough.
 */
public final class CallGuard {

    /** Why the watchdog cancelled the client's call. */
    public enum Cancel { TIMEOUT, STOP }

    private static final Executor ASYNC = r -> {
        Thread t = new Thread(r, "benchlab-cancel");
        t.setDaemon(true);
        t.start();
    };

    private final AtomicLong since = new AtomicLong();
    private final AtomicReference<Statement> statement = new AtomicReference<>();
    private volatile Connection connection;
    private volatile Thread client;
    private volatile Cancel cancel;
    private volatile long cancelledAt;
    private volatile long cancelledCall;

    // ---- the client's side

    /** The connection the calling thread (the client) is about to use. */
    public void connection(Connection c) {
        connection = c;
        client = Thread.currentThread();
    }

    /** A statement starts ({@code null} for a commit, which only an abort can stop). */
    public void begin(Statement s) {
        statement.lazySet(s);
        since.lazySet(System.nanoTime() | 1);
    }

    public void idle() {
        since.lazySet(0);
    }

    /** Why the last call was cancelled, or null; clears it. */
    public Cancel takeCancel() {
        Cancel c = cancel;
        cancel = null;
        return c;
    }

    // ---- the watchdog's side

    /** {@link System#nanoTime()} when the running call began, or 0 when idle. */
    public long busySince() {
        return since.get();
    }

    /** When the running call was cancelled, or 0 when it was not (a later call is a new call). */
    public long cancelledAt() {
        long running = since.get();
        return running != 0 && running == cancelledCall ? cancelledAt : 0;
    }

    /**
     * Cancels the running statement, on a thread of its own: a driver's cancel may open a
     * connection to the server (pgjdbc, Connector/J), which must not hold up the watchdog. A
     * commit, or a driver that ignores cancels, waits for {@link #abort()}.
     */
    public void cancel(Cancel reason) {
        cancelledCall = since.get();
        cancelledAt = System.nanoTime();
        cancel = reason;
        Statement s = statement.get();
        if (s != null) {
            ASYNC.execute(() -> {
                try {
                    s.cancel();
                } catch (SQLException | RuntimeException ignored) {
                    // Unsupported or already closed: the abort that follows ends the call.
                }
            });
        }
    }

    /**
     * Closes the connection under the running call, which then fails at once (JDBC 4.1 abort),
     * and interrupts the client: an in-process engine waits for a lock on the client's own thread
     * and takes neither a cancel nor an abort (Derby), but its wait is interruptible. The abort
     * runs on a thread of its own: Derby's blocks on the connection the stuck call holds.
     */
    public void abort() {
        Connection c = connection;
        if (c != null) {
            ASYNC.execute(() -> {
                try {
                    c.abort(Runnable::run);
                } catch (SQLException | RuntimeException ignored) {
                    // Already closed.
                }
            });
        }
        Thread t = client;
        if (t != null && since.get() != 0) {
            t.interrupt();
        }
    }
}
