package io.benchlab.results;

/**
 * One statement type's latency over one progress interval: how many ran, and their
 * percentiles in milliseconds. No histogram: intervals are for the time series, rounds merge.
 */
public record IntervalLatency(
        long count,
        double p50Ms,
        double p90Ms,
        double p95Ms,
        double p99Ms,
        double p999Ms,
        double maxMs) {
}
