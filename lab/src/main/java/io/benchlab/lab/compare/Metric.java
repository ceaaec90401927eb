package io.benchlab.lab.compare;

import io.benchlab.results.Figures;
import java.util.function.ToDoubleFunction;

/**
 * What {@code lab compare} compares, read off a {@link Figures}: a run's (all its rounds together,
 * latency from their merged histogram) for the value, each round's for the samples. Failures are
 * the share of transactions that failed for good, so that a run capped to fewer transactions does
 * not look better for failing fewer.
 */
public enum Metric {
    TPS("tps", "tps", true, true, Figures::tps),
    P50("p50 ms", "p50_ms", false, true, f -> f.latency() == null ? Double.NaN : f.latency().p50Ms()),
    P95("p95 ms", "p95_ms", false, true, f -> f.latency() == null ? Double.NaN : f.latency().p95Ms()),
    P99("p99 ms", "p99_ms", false, true, f -> f.latency() == null ? Double.NaN : f.latency().p99Ms()),
    FAILURES("failures %", "failures_percent", false, false, Metric::failurePercent);

    public final String label;
    /** Its name in options and in InfluxDB: tps, p50_ms, p95_ms, p99_ms, failures_percent. */
    public final String key;
    final boolean higherIsBetter;
    /** Whether its change is told in percent of the baseline (else in percentage points: failures start at 0). */
    final boolean relative;
    private final ToDoubleFunction<Figures> figure;

    Metric(String label, String key, boolean higherIsBetter, boolean relative, ToDoubleFunction<Figures> figure) {
        this.label = label;
        this.key = key;
        this.higherIsBetter = higherIsBetter;
        this.relative = relative;
        this.figure = figure;
    }

    /** The figure's value; NaN when it has none (no transaction committed, so no latency). */
    public double of(Figures f) {
        return f == null ? Double.NaN : figure.applyAsDouble(f);
    }

    /** The metric of this key, in any case; null when none has it. */
    public static Metric byKey(String key) {
        return java.util.Arrays.stream(values()).filter(m -> m.key.equalsIgnoreCase(key)).findFirst().orElse(null);
    }

    boolean isLatency() {
        return this == P50 || this == P95 || this == P99;
    }

    private static double failurePercent(Figures f) {
        long ended = f.committed() + f.failed();
        return ended == 0 ? 0 : 100.0 * f.failed() / ended;
    }
}
