package io.benchlab.runner.run;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM for a process that must still write its result. The JVM runs the hook and
 * exits when it returns, so the hook asks the run to stop and then holds the JVM, for at most
 * {@code hold}, until the main thread says (by closing this) that the result is out.
 */
public final class StopHook implements AutoCloseable {

    private final CountDownLatch done = new CountDownLatch(1);
    private final Thread thread;
    private volatile boolean signalled;

    private StopHook(String name, Runnable stop, Duration hold, Runnable afterwards) {
        this.thread = new Thread(() -> {
            signalled = true;
            stop.run();
            try {
                done.await(hold.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            afterwards.run();
        }, name);
    }

    public static StopHook install(String name, Runnable stop, Duration hold) {
        return install(name, stop, hold, () -> { });
    }

    /** {@code afterwards} runs last, whether the main thread finished in time or not (removing what the run made). */
    public static StopHook install(String name, Runnable stop, Duration hold, Runnable afterwards) {
        StopHook hook = new StopHook(name, stop, hold, afterwards);
        Runtime.getRuntime().addShutdownHook(hook.thread);
        return hook;
    }

    /** True once a signal arrived: the process is going down whatever the run does. */
    public boolean signalled() {
        return signalled;
    }

    @Override
    public void close() {
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is already stopping; the hook has done its part.
        }
    }
}
