package io.benchlab.lab.compare;

import io.benchlab.runner.Defaults;

/**
 * One metric of a run against the baseline. {@code noise} is the noise bound in the metric's
 * unit (NaN: too few samples to tell). The change counts when it passes both the noise bound and
 * the threshold: {@code threshold} percent of the baseline, for latencies also at least
 * {@link Defaults#COMPARE_LATENCY_FLOOR_MS}, and for failures {@link Defaults#COMPARE_FAILURES_POINTS}
 * percentage points.
 */
record MetricDelta(Metric metric, double baseline, double value, double noise, Verdict verdict) {

    static MetricDelta of(Metric metric, double baseline, double value, double noise, double thresholdPercent) {
        double change = value - baseline;
        double least = !metric.relative ? Defaults.COMPARE_FAILURES_POINTS
                : metric == Metric.TPS ? thresholdPercent / 100 * Math.abs(baseline)
                : Math.max(thresholdPercent / 100 * Math.abs(baseline), Defaults.COMPARE_LATENCY_FLOOR_MS);
        boolean counts = Math.abs(change) > least && (Double.isNaN(noise) || Math.abs(change) > noise);
        Verdict v = !counts ? Verdict.NO_CHANGE
                : (change > 0) == metric.higherIsBetter ? Verdict.IMPROVED : Verdict.REGRESSED;
        return new MetricDelta(metric, baseline, value, noise, v);
    }

    /** The change in percent of the baseline (percentage points for failures); NaN from a baseline of 0. */
    double change() {
        if (!metric.relative) {
            return value - baseline;
        }
        return baseline == 0 ? Double.NaN : (value - baseline) / Math.abs(baseline) * 100;
    }

    /** The noise bound in the unit of {@link #change()}. */
    double noiseInChangeUnits() {
        if (!metric.relative) {
            return noise;
        }
        return baseline == 0 ? Double.NaN : noise / Math.abs(baseline) * 100;
    }
}
