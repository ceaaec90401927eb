package io.benchlab.runner.driver;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.CallGuard.Cancel;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * Keeps every client's database call within bounds: a call running longer than the statement
 * timeout is cancelled, and so is every call when the run stops. A call still running
 * {@link Defaults#ABORT_AFTER_CANCEL} after its cancel gets its connection aborted, and one that
 * outlasts the abort too (an in-process engine's lock wait) gets its thread interrupted. So
 * neither a stalled database nor a driver that ignores cancels can hold a run past its end or
 * its stop. Each step is taken only while the same call runs, one after the other, so a client
 * never loses the connection under the transaction it started after the stuck one.
 */
final class Watchdog implements AutoCloseable {

    private static final long MAX_TICK_NANOS = 100_000_000L;
    /** What an abort gets to end the call before the thread is interrupted. */
    private static final long INTERRUPT_AFTER_ABORT_NANOS = 200_000_000L;

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

    /** Cancels every running call now, and takes the further steps against what a cancel does not end. */
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
                switch (g.stepsTaken()) {
                    case CallGuard.NONE -> {
                        if (stopping) {
                            g.cancel(Cancel.STOP);
                        } else if (timeoutNanos > 0 && now - since >= timeoutNanos) {
                            g.cancel(Cancel.TIMEOUT);
                        }
                    }
                    case CallGuard.CANCELLED -> {
                        if (now - g.lastStepAt() >= abortAfterNanos) {
                            g.abort();
                        }
                    }
                    case CallGuard.ABORTED -> {
                        if (now - g.lastStepAt() >= INTERRUPT_AFTER_ABORT_NANOS) {
                            g.interrupt();
                        }
                    }
                    default -> {
                        // Every step taken; the stop's own bound leaves this client behind.
                    }
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
