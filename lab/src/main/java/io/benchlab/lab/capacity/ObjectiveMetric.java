package io.benchlab.lab.capacity;

import io.benchlab.results.Figures;
import io.benchlab.results.Latency;
import java.util.Locale;

/**
 * What an objective bounds: a latency percentile of the committed transactions (their maximum
 * too), in milliseconds, or the share of transactions that failed for good, as a ratio.
 */
public enum ObjectiveMetric {
    P50(0.50), P90(0.90), P95(0.95), P99(0.99), P999(0.999), MAX(1.0), FAILURES(Double.NaN);

    /** The quantile of a latency metric; NaN for failures. */
    final double quantile;

    ObjectiveMetric(double quantile) {
        this.quantile = quantile;
    }

    /** The name as given and as written: {@code p99}, {@code failures}. */
    public String json() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean isLatency() {
        return this != FAILURES;
    }

    /** The unit of its values: {@code ms} or {@code ratio}. */
    public String unit() {
        return isLatency() ? "ms" : "ratio";
    }

    /**
     * The value of this metric in FIGURES (a round's, or a step's rounds together): NaN when they
     * hold none (no transaction committed for a latency, none ran at all for failures).
     */
    public double of(Figures figures) {
        if (figures == null) {
            return Double.NaN;
        }
        if (this == FAILURES) {
            long all = figures.committed() + figures.failed();
            return all == 0 ? Double.NaN : (double) figures.failed() / all;
        }
        Latency l = figures.latency();
        if (l == null || l.count() == 0) {
            return Double.NaN;
        }
        return switch (this) {
            case P50 -> l.p50Ms();
            case P90 -> l.p90Ms();
            case P95 -> l.p95Ms();
            case P99 -> l.p99Ms();
            case P999 -> l.p999Ms();
            default -> l.maxMs();
        };
    }
}
