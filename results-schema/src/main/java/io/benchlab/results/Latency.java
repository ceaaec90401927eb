package io.benchlab.results;

/**
 * A latency distribution in milliseconds, with the HdrHistogram it came from (compressed,
 * base64) so that runs of several client processes merge exactly.
 */
public record Latency(
        long count,
        double meanMs,
        double p50Ms,
        double p90Ms,
        double p95Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        String histogram) {
}
