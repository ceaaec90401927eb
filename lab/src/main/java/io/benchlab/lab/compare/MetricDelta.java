package io.benchlab.lab.compare;

/**
 * One metric of a side against the baseline: the two values, what the rounds say
 * ({@link RoundEvidence}) and the verdict. The margin is what the rules let pass: the threshold in
 * percent of the baseline, for latencies at least the latency floor, for failures a number of
 * percentage points.
 *
 * <p>A change counts (improved, regressed) when the rounds show it at the significance level and it
 * is also larger than the margin. "No change" is said only when the data show that too: when the
 * change's confidence interval lies within the margin either way, an equivalence test in the manner
 * of TOST (two one-sided tests). TOST at alpha takes the {@code 1 - 2 alpha} interval; this takes
 * the {@code 1 - alpha} one, each side at {@code alpha / 2}, because that is the interval the table
 * prints (the noise column), so a reader can check a "no change" against its own line, and because
 * it holds "no change" to the level a change is held to. Everything else is inconclusive: too few
 * rounds for the tests, or an interval wider than the margin that shows no change beyond it;
 * {@link #whatWouldTell} says what would make it conclusive.
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
        double margin = margin(metric, base, rules);
        if (e.pValue() < rules.alpha() && Math.abs(change) > margin) {
            return (change > 0) == metric.higherIsBetter ? Verdict.IMPROVED : Verdict.REGRESSED;
        }
        return Math.abs(change) + e.halfWidth() <= margin ? Verdict.NO_CHANGE : Verdict.INCONCLUSIVE;
    }

    /** The least change that counts, in the metric's unit. */
    static double margin(Metric metric, double base, CompareRules rules) {
        return !metric.relative ? rules.failuresPoints()
                : metric.isLatency() ? Math.max(rules.thresholdPercent() / 100 * Math.abs(base), rules.latencyFloorMs())
                : rules.thresholdPercent() / 100 * Math.abs(base);
    }

    /**
     * What would make an inconclusive verdict conclusive, in words: "at least 5 rounds a side",
     * "about 6 runs a side", "about 12 rounds a run". The interval it aims at is one that would,
     * were the change what it is now, lie within the margin (a change under the margin) or leave 0
     * out (a change beyond it); near the margin no number does. Runs grow only when
     * {@code runsMayGrow} (a night is one run). Null when the verdict is not inconclusive.
     */
    String whatWouldTell(CompareRules rules, boolean runsMayGrow) {
        if (verdict != Verdict.INCONCLUSIVE) {
            return null;
        }
        if (!evidence.enough()) {
            return "at least " + evidence.roundsNeeded() + " rounds a side";
        }
        double change = Math.abs(value - baseline);
        double margin = margin(metric, baseline, rules);
        Precision.Needed n = evidence.precision().needed(change < margin ? margin - change : change, runsMayGrow);
        return n != null ? n.words()
                : runsMayGrow ? "more than " + Precision.MOST_RUNS + " runs a side"
                : "no number of rounds a run; the runs themselves vary too much";
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
