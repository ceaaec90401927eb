package io.benchlab.runner.driver;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The clock the collector reads intervals by, and its wait for the clients: {@link #SYSTEM} is
 * {@link System#nanoTime()} and a real wait, the clock the clients time their transactions by.
 * A test hands {@link IntervalReporter} a ticker of its own, to drive the interval grid
 * deterministically, late wake-ups and all.
 */
interface Ticker {

    /** Now, in nanoseconds on an arbitrary origin (differences only, as with {@link System#nanoTime()}). */
    long nanos();

    /** Waits up to {@code nanos} for {@code done} to reach zero; true when it did. */
    boolean await(CountDownLatch done, long nanos) throws InterruptedException;

    Ticker SYSTEM = new Ticker() {
        @Override
        public long nanos() {
            return System.nanoTime();
        }

        @Override
        public boolean await(CountDownLatch done, long nanos) throws InterruptedException {
            return done.await(nanos, TimeUnit.NANOSECONDS);
        }
    };
}
