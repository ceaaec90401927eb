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
 * the hot path stays cheap). Against a call that runs too long, or when the run stops, the
 * watchdog takes steps, each only while the same call still runs: cancel the statement, then
 * abort the connection, then interrupt the client thread.
 */
public final class CallGuard {

    /** How the watchdog cancels and aborts the calls of a client that has no JDBC connection. */
    public interface Handle {
        /** Asks the server to cancel the running statement. */
        void cancel();

        /** Closes the connection under the running call, which then fails. */
        void abort();
    }

    /** Why the watchdog stepped in against the client's call. */
    public enum Cancel { TIMEOUT, STOP }

    /** Steps taken against one call, in order. */
    public static final int NONE = 0;
    public static final int CANCELLED = 1;
    public static final int ABORTED = 2;
    public static final int INTERRUPTED = 3;

    /** A driver's cancel or abort may open a connection or wait on a lock: never on the watchdog's thread. */
    private static final Executor ASYNC = r -> {
        Thread t = new Thread(r, "benchlab-cancel");
        t.setDaemon(true);
        t.start();
    };

    private final AtomicLong since = new AtomicLong();
    private final AtomicReference<Statement> statement = new AtomicReference<>();
    private volatile Connection connection;
    private volatile Handle handle;
    /** A call of a {@link Handle}'s client that a cancel can stop (a commit is not). */
    private volatile boolean cancellable;
    private volatile Thread client;
    private volatile Cancel cancel;
    private volatile boolean aborted;
    private volatile long stepCall;
    private volatile int steps;
    private volatile long stepAt;

    // ---- the client's side

    /** The connection the calling thread (the client) is about to use. */
    public void connection(Connection c) {
        connection = c;
        client = Thread.currentThread();
    }

    /**
     * How to cancel and abort the calls of a client without JDBC. Such a client has no thread of
     * its own inside the call to interrupt: an abort ends its call.
     */
    public void handle(Handle h) {
        handle = h;
    }

    /** A {@link Handle}'s client starts a call: a statement, or (not cancellable) a commit. */
    public void begin(boolean canCancel) {
        cancellable = canCancel;
        since.lazySet(System.nanoTime() | 1);
    }

    /** A statement starts ({@code null} for a commit, which only an abort can stop). */
    public void begin(Statement s) {
        statement.lazySet(s);
        since.lazySet(System.nanoTime() | 1);
    }

    public void idle() {
        since.lazySet(0);
    }

    /** Why the watchdog stepped in against the last call, or null; clears it. */
    public Cancel takeCancel() {
        Cancel c = cancel;
        cancel = null;
        return c;
    }

    /** True when the watchdog aborted the connection under the last call (it is closed or closing); clears it. */
    public boolean takeAborted() {
        boolean a = aborted;
        aborted = false;
        return a;
    }

    // ---- the watchdog's side

    /** {@link System#nanoTime()} when the running call began, or 0 when idle. */
    public long busySince() {
        return since.get();
    }

    /** How many steps were taken against the running call ({@link #NONE} for a new call). */
    public int stepsTaken() {
        long running = since.get();
        return running != 0 && running == stepCall ? steps : NONE;
    }

    /** When the last step against the running call was taken. */
    public long lastStepAt() {
        return stepAt;
    }

    /** Cancels the running statement. A commit, or a driver that ignores cancels, waits for {@link #abort()}. */
    public void cancel(Cancel reason) {
        stepCall = since.get();
        step(CANCELLED);
        cancel = reason;
        Handle h = handle;
        if (h != null) {
            if (cancellable) {
                ASYNC.execute(h::cancel);
            }
            return;
        }
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

    /** Closes the connection under the running call, which then fails at once (JDBC 4.1 abort). */
    public void abort() {
        step(ABORTED);
        aborted = true;
        Handle h = handle;
        if (h != null) {
            ASYNC.execute(h::abort);
        } else {
            abortInBackground(connection);
        }
    }

    /**
     * Aborts a connection on a thread of its own, whatever waits on it: a driver's abort may block
     * on the lock the stuck call holds (Derby's does).
     */
    public static void abortInBackground(Connection c) {
        if (c == null) {
            return;
        }
        ASYNC.execute(() -> {
            try {
                c.abort(Runnable::run);
            } catch (SQLException | RuntimeException ignored) {
                // Already closed.
            }
        });
    }

    /**
     * Interrupts the client: an in-process engine waits for a lock on the client's own thread and
     * takes neither a cancel nor an abort (Derby's abort even waits for that lock), but its wait
     * is interruptible.
     */
    public void interrupt() {
        step(INTERRUPTED);
        Thread t = client;
        if (t != null) {
            t.interrupt();
        }
    }

    private void step(int n) {
        steps = n;
        stepAt = System.nanoTime();
    }
}
