package io.benchlab.runner.driver;

import java.util.concurrent.CountDownLatch;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * When the collector reads the clients' metrics during a round, by its {@link Ticker}. In the
 * warm-up, an interval after each read until the measured start. In the measured phase, reads
 * are due on the round's grid (every interval from the measured start), so that a late read
 * does not push all later ones back; a read late by half an interval or more starts the grid
 * again from itself. The last interval of a timed round runs to the round's end rather than
 * leaving a sliver of a few milliseconds after a read right at it. Between reads it looks at
 * least every {@link #POLL_NANOS} whether the clients finished or a stop left them behind.
 */
final class IntervalReporter {

    /** The collector looks at the stop flag at least this often. */
    static final long POLL_NANOS = 250_000_000L;

    /** Reads the clients' metrics for the interval {@code from} to {@code to}, on the ticker's clock. */
    @FunctionalInterface
    interface Read {
        void interval(long from, long to);
    }

    private final Ticker ticker;
    private final long intervalNanos;
    private final BooleanSupplier leftBehind;

    /** LEFT_BEHIND: true once a stop has waited long enough for the clients; the reads then end. */
    IntervalReporter(Ticker ticker, long intervalNanos, BooleanSupplier leftBehind) {
        this.ticker = ticker;
        this.intervalNanos = intervalNanos;
        this.leftBehind = leftBehind;
    }

    /**
     * The warm-up's reads, until the measured start, the clients' end ({@code done}) or a stop
     * leaving them behind. A settling plan's measured start is unknown until a read sets it.
     */
    void warmUp(RoundPlan plan, CountDownLatch done, Read read) throws InterruptedException {
        long tick = plan.start();
        while (!plan.measuredAt(ticker.nanos()) && !leftBehind.getAsBoolean()) {
            long wake = plan.measuring() ? Math.min(tick + intervalNanos, plan.measuredStart()) : tick + intervalNanos;
            long wait = Math.min(POLL_NANOS, wake - ticker.nanos());
            if (ticker.await(done, Math.max(0, wait))) {
                return;
            }
            long now = ticker.nanos();
            if (now - wake < 0) {
                continue;
            }
            read.interval(tick, now);
            tick = now;
        }
    }

    /**
     * The measured phase's reads, the last one at the round's end; returns that end: when the
     * last client finished ({@code lastFinish}, not before the measured start), or when a stop
     * left the clients behind.
     */
    long measure(RoundPlan plan, CountDownLatch done, LongSupplier lastFinish, Read read) throws InterruptedException {
        long tick = plan.measuredStart();
        long due = tick;
        boolean finished;
        while (true) {
            long next = nextRead(plan, due);
            long wait = Math.min(POLL_NANOS, next - ticker.nanos());
            finished = ticker.await(done, Math.max(0, wait));
            if (finished || leftBehind.getAsBoolean()) {
                break;
            }
            long now = ticker.nanos();
            if (now - next >= 0) {
                read.interval(tick, now);
                tick = now;
                // CI saw two reads 23 and 31 ms late leave a last interval 54 ms short, before the grid.
                due = now - next < intervalNanos / 2 ? next : now;
            }
        }
        long roundEnd = finished ? Math.max(lastFinish.getAsLong(), plan.measuredStart()) : ticker.nanos();
        if (roundEnd - tick > 0) {
            read.interval(tick, roundEnd);
        }
        return roundEnd;
    }

    /**
     * The read after the one due at {@code due}. Near a timed round's end (its planned end, or
     * under --rate its deadline) it waits past that end, for the clients to finish.
     */
    private long nextRead(RoundPlan plan, long due) {
        long next = due + intervalNanos;
        long last = plan.deadline() != RoundPlan.NO_END ? plan.deadline() : plan.end();
        if (last != RoundPlan.NO_END && next - last > -intervalNanos / 4) {
            next = Math.max(next, last + intervalNanos / 2);
        }
        return next;
    }
}
