package io.benchlab.lab.compare;

/**
 * One metric of a side against the baseline: the two values, what the rounds say
 * ({@link RoundEvidence}) and the verdict. A change counts when the rounds show it at the
 * significance level and it is also larger than what the rules let pass: the threshold in percent
 * of the baseline, for latencies at least the latency floor, for failures a number of percentage
 * points.
 */
record MetricDelta(Metric metric, double baseline, double value, RoundEvidence evidence, Verdict verdict) {

    static MetricDelta of(Metric metric, Side baseline, Side run, CompareRules rules) {
        double base = baseline.value(metric);
        double value = run.value(metric);
        RoundEvidence e = RoundEvidence.of(baseline.rounds(metric), run.rounds(metric), rules.alpha(),
                rules.betweenRuns(), rules.priorDegrees());
        return new MetricDelta(metric, base, value, e, verdict(metric, base, value, e, rules));
    }

    static Verdict verdict(Metric metric, double base, double value, RoundEvidence e, CompareRules rules) {
        if (!e.enough()) {
            return Verdict.INCONCLUSIVE;
        }
        double change = value - base;
        double least = !metric.relative ? rules.failuresPoints()
                : metric.isLatency() ? Math.max(rules.thresholdPercent() / 100 * Math.abs(base), rules.latencyFloorMs())
                : rules.thresholdPercent() / 100 * Math.abs(base);
        boolean counts = e.pValue() < rules.alpha() && Math.abs(change) > least;
        if (!counts) {
            return Verdict.NO_CHANGE;
        }
        return (change > 0) == metric.higherIsBetter ? Verdict.IMPROVED : Verdict.REGRESSED;
    }

    /** The change in percent of the baseline (percentage points for failures); NaN from a baseline of 0. */
    double change() {
        if (!metric.relative) {
            return value - baseline;
        }
        return baseline == 0 ? Double.NaN : (value - baseline) / Math.abs(baseline) * 100;
    }

    /** Half the confidence interval of the change, in the unit of {@link #change()}; NaN when unknown. */
    double noise() {
        double half = evidence.halfWidth();
        if (!metric.relative) {
            return half;
        }
        return baseline == 0 ? Double.NaN : half / Math.abs(baseline) * 100;
    }
}
