package io.benchlab.runner.driver;

/**
 * When one round's phases begin and end, in {@link System#nanoTime()} terms. A transaction
 * belongs to the measured phase when its (intended) start is at or after {@code measuredStart}.
 *
 * @param start          first transaction may start (warm-up begins)
 * @param measuredStart  warm-up ends, measurement begins
 * @param end            no measured transaction is scheduled at or after this (duration mode, or
 *                       count mode under --rate); else NO_END
 * @param deadline       under --rate: no transaction starts at or after this, however far behind
 *                       its schedule the client is (end plus a grace); else NO_END
 * @param transactions   per-client count mode: measured transactions per client; else Long.MAX_VALUE
 * @param periodNanos    under --rate: each client's spacing between intended starts; 0 = unpaced
 */
record RoundPlan(long start, long measuredStart, long end, long deadline, long transactions, long periodNanos) {

    static final long NO_END = Long.MAX_VALUE;

    boolean paced() {
        return periodNanos > 0;
    }

    /** True when a transaction starting at {@code t} would start after the measured phase ends. */
    boolean over(long t) {
        return end != NO_END && t - end >= 0;
    }

    /** True when the clients must stop starting transactions, scheduled or not. */
    boolean pastDeadline(long t) {
        return deadline != NO_END && t - deadline >= 0;
    }

    /** How many intended starts, {@code from} then every period, fall before {@code until}. */
    long startsBefore(long from, long until) {
        long gap = until - from;
        return gap <= 0 ? 0 : (gap + periodNanos - 1) / periodNanos;
    }
}
