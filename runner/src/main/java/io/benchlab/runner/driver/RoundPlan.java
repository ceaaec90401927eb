package io.benchlab.runner.driver;

/**
 * When one round's phases begin and end, in {@link System#nanoTime()} terms. A transaction
 * belongs to the measured phase when its (intended) start is at or after {@code measuredStart}.
 *
 * @param start          first transaction may start (warm-up begins)
 * @param measuredStart  warm-up ends, measurement begins
 * @param end            duration mode: no transaction starts at or after this; else NO_END
 * @param transactions   per-client count mode: measured transactions per client; else Long.MAX_VALUE
 * @param periodNanos    under --rate: each client's spacing between intended starts; 0 = unpaced
 */
record RoundPlan(long start, long measuredStart, long end, long transactions, long periodNanos) {

    static final long NO_END = Long.MAX_VALUE;

    boolean paced() {
        return periodNanos > 0;
    }

    /** True when a transaction starting at {@code t} would start after the measured phase ends. */
    boolean over(long t) {
        return end != NO_END && t - end >= 0;
    }
}
