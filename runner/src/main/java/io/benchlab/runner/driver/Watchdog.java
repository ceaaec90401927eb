package io.benchlab.runner.driver;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.CallGuard.Cancel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps every client's database call within bounds: a call running longer than the statement
 * timeout is cancelled, and so is every call when the run stops; a call still running
 * {@link Defaults#ABORT_AFTER_CANCEL} after its cancel gets its connection aborted. So neither a
 * stalled database nor a driver that ignores cancels can hold a run past its end or its stop.
 */
final class Watchdog implements AutoCloseable {

    private static final long MAX_TICK_NANOS = 100_000_000L;

    private final List<CallGuard> guards;
    private final long timeoutNanos;
    private final long abortAfterNanos = Defaults.ABORT_AFTER_CANCEL.toNanos();
    private final Thread thread;
    private volatile boolean stopping;
    private volatile boolean closed;

    /** {@code timeout} zero: calls are only cancelled when the run stops. */
    Watchdog(List<CallGuard> guards, Duration timeout) {
        this.guards = List.copyOf(guards);
        this.timeoutNanos = timeout.toNanos();
        thread = new Thread(this::watch, "benchlab-watchdog");
        thread.setDaemon(true);
        thread.start();
    }

    /** Cancels every running call now, and aborts what a cancel does not end. */
    void stopAll() {
        stopping = true;
        LockSupport.unpark(thread);
    }

    private void watch() {
        long tick = timeoutNanos > 0 ? Math.min(MAX_TICK_NANOS, Math.max(1_000_000L, timeoutNanos / 4)) : MAX_TICK_NANOS;
        while (!closed) {
            long now = System.nanoTime();
            for (CallGuard g : guards) {
                long since = g.busySince();
                if (since == 0) {
                    continue;
                }
                long cancelled = g.cancelledAt();
                if (cancelled != 0) {
                    if (now - cancelled >= abortAfterNanos) {
                        g.abort();
                    }
                } else if (stopping) {
                    g.cancel(Cancel.STOP);
                } else if (timeoutNanos > 0 && now - since >= timeoutNanos) {
                    g.cancel(Cancel.TIMEOUT);
                }
            }
            LockSupport.parkNanos(tick);
        }
    }

    @Override
    public void close() {
        closed = true;
        LockSupport.unpark(thread);
    }
}
