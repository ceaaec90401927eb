package io.benchlab.runner.run;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.driver.Driver;
import java.time.Duration;

/**
 * A run's stop, asked from any thread: the flag its phases look at, the driver it stops (the
 * clients' calls are cancelled at once), and what is left of {@link Defaults#STOP_WITHIN} for the
 * admin connection's work, which is aborted {@link #ADMIN_ABORT_MARGIN} before that bound so that
 * the result is still written in time.
 */
final class RunStop {

    /**
     * Left, after the admin connection is aborted, to assemble and write the result and print the
     * summary within STOP_WITHIN (the stop hook lets the JVM go later, at {@link Defaults#STOP_HOLD}). That is
     * code the process runs once, cold: with 1 s for it the runner was let go before its summary
     * (a SIGTERM during a lock, on 2 cores that three test lanes shared); 2 s leave the after-run
     * check 2.5 s to read the sums.
     */
    private static final Duration ADMIN_ABORT_MARGIN = Duration.ofMillis(1500);
    /** How long after the stop the admin connection is aborted under whatever it still waits for. */
    static final Duration ADMIN_ABORT_AFTER = Defaults.STOP_WITHIN.minus(ADMIN_ABORT_MARGIN);

    private volatile boolean requested;
    private volatile long requestedAt;
    private volatile Driver driver;

    boolean requested() {
        return requested;
    }

    /** Stops the run; false when it was stopped already. */
    boolean request() {
        if (requested) {
            return false;
        }
        requestedAt = System.nanoTime();
        requested = true;
        Driver d = driver;
        if (d != null) {
            d.stop();
        }
        return true;
    }

    /** Whether the clients were started: before that, a stop leaves nothing to check. */
    boolean driving() {
        return driver != null;
    }

    /** The run's driver, which a stop stops; one asked before it was known is passed on at once. */
    void driving(Driver d) {
        driver = d;
        if (requested) {
            d.stop(); // request() ran before it could see this driver
        }
    }

    /** How long a consistency check may take: its own timeout, or after a stop what is left before the abort. */
    Duration checkTimeout() {
        if (!requested) {
            return Defaults.CHECK_TIMEOUT;
        }
        long left = ADMIN_ABORT_AFTER.toNanos() - (System.nanoTime() - requestedAt);
        return Duration.ofNanos(Math.max(0, left));
    }
}
