package io.benchlab.runner.run;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C and SIGTERM for a process that must still write its result. The JVM runs the hook and
 * exits when it returns, so the hook asks the run to stop and then holds the JVM, for at most
 * {@code hold}, until the command is over: everything it prints after the stop, its summary or
 * an error, is out ({@link #commandOver}, which the mains call last). Closing a hook that no
 * signal reached removes it.
 */
public final class StopHook implements AutoCloseable {

    /** The hooks of this process not yet removed: a signal's hooks wait for the command to be over. */
    private static final Set<StopHook> INSTALLED = ConcurrentHashMap.newKeySet();

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
        INSTALLED.add(hook);
        Runtime.getRuntime().addShutdownHook(hook.thread);
        return hook;
    }

    /**
     * The command has printed all it will: a JVM that a signal is taking down may go. Called by the
     * mains after the command returned; until then a closed hook that a signal reached holds on, so
     * that an error the command prints after its run (a result that could not be written) is not
     * lost to an exit that came first.
     */
    public static void commandOver() {
        INSTALLED.forEach(h -> h.done.countDown());
    }

    /**
     * Ends the process with the command's CODE, or, when a signal is already taking the JVM down,
     * lets that shutdown end it with the signal's status (130, 143). Calling {@code System.exit}
     * then was a race: once the hooks had run, an exit with a non-zero code halts at once with
     * that code, so a main held off a core until the hooks were done exited 1 instead of 143.
     */
    public static void exit(int code) {
        commandOver();
        if (!anySignalled()) {
            System.exit(code);
        }
    }

    /** True once a signal reached any hook of this process: it is going down, whatever comes next. */
    public static boolean anySignalled() {
        return INSTALLED.stream().anyMatch(h -> h.signalled);
    }

    /** True once a signal arrived: the process is going down whatever the run does. */
    public boolean signalled() {
        return signalled;
    }

    @Override
    public void close() {
        if (signalled) {
            return; // the hook holds the JVM until the command is over, or its hold ends
        }
        INSTALLED.remove(this);
        done.countDown();
        try {
            Runtime.getRuntime().removeShutdownHook(thread);
        } catch (IllegalStateException shuttingDown) {
            // A signal came as the command ended: the hook ran with nothing left to wait for.
        }
    }
}
