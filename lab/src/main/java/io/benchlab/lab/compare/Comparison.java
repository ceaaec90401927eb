package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/** One side against the baseline, metric by metric. */
public record Comparison(Side baseline, Side run, List<MetricDelta> deltas) {

    public static Comparison of(Side baseline, Side run, CompareRules rules) {
        return new Comparison(baseline, run,
                Arrays.stream(Metric.values()).map(m -> MetricDelta.of(m, baseline, run, rules)).toList());
    }

    public boolean any(Verdict v) {
        return deltas.stream().anyMatch(d -> d.verdict() == v);
    }

    public Verdict verdict(Metric metric) {
        return delta(metric).verdict();
    }

    /**
     * The side's verdict as a whole, as a nightly cell takes it: regressed when a metric regressed,
     * else improved when one improved, else inconclusive when one was, else no change.
     */
    public Verdict verdict() {
        return Stream.of(Verdict.REGRESSED, Verdict.IMPROVED, Verdict.INCONCLUSIVE).filter(this::any).findFirst()
                .orElse(Verdict.NO_CHANGE);
    }

    /** Whether a metric's verdict fails the comparison (see {@link Verdict#fails}). */
    boolean fails(boolean strict) {
        return deltas.stream().anyMatch(d -> d.verdict().fails(strict));
    }

    /** "baseline -> value (change, p ...)" of one metric, as lab compare's table words it. */
    public String describe(Metric metric) {
        return describe(metric, null);
    }

    /** As {@link #describe(Metric)}, with more said in the parentheses when {@code more} is not null. */
    public String describe(Metric metric, String more) {
        MetricDelta d = delta(metric);
        return ComparisonTable.number(metric, d.baseline()) + " -> " + ComparisonTable.number(metric, d.value()) + " ("
                + ComparisonTable.change(d) + ", p " + ComparisonTable.p(d.evidence())
                + (more == null ? "" : "; " + more) + ")";
    }

    /**
     * What would make a metric's inconclusive verdict conclusive ("about 6 runs a side"; see
     * {@link MetricDelta#whatWouldTell}); null when it is not inconclusive.
     */
    public String whatWouldTell(Metric metric, CompareRules rules, boolean runsMayGrow) {
        return delta(metric).whatWouldTell(rules, runsMayGrow);
    }

    private MetricDelta delta(Metric metric) {
        return deltas.stream().filter(d -> d.metric() == metric).findFirst().orElseThrow();
    }

    List<String> labels(Verdict v) {
        return deltas.stream().filter(d -> d.verdict() == v).map(d -> d.metric().label).toList();
    }
}
