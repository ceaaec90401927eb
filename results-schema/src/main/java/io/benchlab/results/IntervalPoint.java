package io.benchlab.results;

import java.util.Map;

/**
 * One progress interval; {@code t} is seconds since the start of the round's measured phase
 * and marks the interval's end. {@code reconnects} counts the client connections re-opened in it.
 * The percentiles are the transaction's; {@code statements} has, per statement type that ran in
 * the interval (keyed as in {@link Figures#statements()}), its own count and percentiles.
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
        double p90Ms,
        double p95Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        long reconnects,
        Map<String, IntervalLatency> statements) {

    public IntervalPoint {
        statements = statements == null ? Map.of() : Map.copyOf(statements);
    }
}
