package io.benchlab.results;

/**
 * One progress interval; {@code t} is seconds since the start of the round's measured phase
 * and marks the interval's end. {@code reconnects} counts the client connections re-opened in it.
 */
public record IntervalPoint(
        int round,
        double t,
        double seconds,
        long committed,
        long failed,
        long retried,
        double tps,
        double p50Ms,
        double p99Ms,
        double maxMs,
        long reconnects) {
}
