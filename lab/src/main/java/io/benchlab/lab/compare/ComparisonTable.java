package io.benchlab.lab.compare;

import io.benchlab.results.Knobs;
import io.benchlab.results.RunResult;
import java.util.List;
import java.util.Locale;

/** The text {@code lab compare} prints for one side against the baseline. */
final class ComparisonTable {

    private static final String ROW = "%-12s %12s %12s %10s %10s %8s   %s%n";

    private ComparisonTable() {
    }

    static String format(Comparison c, CompareRules rules, List<String> allowedDifferences, List<String> told) {
        StringBuilder s = new StringBuilder();
        side(s, "baseline", c.baseline());
        side(s, "run     ", c.run());
        if (!allowedDifferences.isEmpty()) {
            s.append("differs (allowed): ").append(Differences.join(allowedDifferences)).append('\n');
        }
        if (!told.isEmpty()) {
            s.append("also differs: ").append(Differences.join(told)).append('\n');
        }
        RoundEvidence any = c.deltas().get(0).evidence();
        s.append(String.format(Locale.ROOT, "samples: %d rounds against %d%s%n", any.baselineRounds(),
                any.runRounds(), any.betweenRunsSeen() ? " (the spread between the runs of a side is measured)"
                        : String.format(Locale.ROOT, " (one run a side: the spread between runs is taken as %s times"
                        + " the rounds'; give two runs or more a side to measure it)", number(rules.betweenRuns()))));
        s.append(String.format(Locale.ROOT, ROW, "metric", "baseline", "value", "change", "noise", "p", "verdict"));
        for (MetricDelta d : c.deltas()) {
            s.append(String.format(Locale.ROOT, ROW, d.metric().label, number(d.metric(), d.baseline()),
                    number(d.metric(), d.value()), change(d), noise(d), p(d.evidence()), verdict(d, rules)));
        }
        return s.toString();
    }

    /** "no change", or "inconclusive: about 6 runs a side" with what would tell. */
    static String verdict(MetricDelta d, CompareRules rules) {
        String tell = d.whatWouldTell(rules, true);
        return d.verdict().label() + (tell == null ? "" : ": " + tell);
    }

    private static void side(StringBuilder s, String label, Side side) {
        if (side.runs().size() == 1) {
            s.append(label).append(' ').append(side.first().name()).append(": ").append(describe(side.first().result()))
                    .append('\n');
            return;
        }
        s.append(label).append(' ').append(side.runs().size()).append(" runs: ")
                .append(describe(side.first().result())).append('\n');
        for (ComparedRun r : side.runs()) {
            s.append("           ").append(r.name()).append('\n');
        }
    }

    private static String describe(RunResult r) {
        Knobs k = r.knobs();
        String length = k.durationSeconds() != null ? number(k.durationSeconds()) + " s"
                : k.transactionsPerClient() + " transactions per client";
        return r.engine().name() + " " + r.engine().profile() + ", "
                + (r.placement() == null ? "?" : r.placement().backend()) + ", " + k.clients() + " clients, " + length
                + " x " + k.rounds() + (k.rounds() == 1 ? " round" : " rounds") + ", seed " + k.seed() + ", status "
                + r.status().json();
    }

    static String number(Metric m, double v) {
        return String.format(Locale.ROOT, m == Metric.TPS ? "%.1f" : "%.3f", v);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? "" + (long) v : String.format(Locale.ROOT, "%.3f", v);
    }

    static String change(MetricDelta d) {
        double c = d.change();
        if (Double.isNaN(c)) {
            return d.value() == d.baseline() ? "0%" : "new";
        }
        return String.format(Locale.ROOT, d.metric().relative ? "%+.1f%%" : "%+.2f pp", c);
    }

    static String noise(MetricDelta d) {
        double n = d.noise();
        if (Double.isNaN(n)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, d.metric().relative ? "±%.1f%%" : "±%.2f pp", n);
    }

    static String p(RoundEvidence e) {
        double p = e.pValue();
        return Double.isNaN(p) ? "n/a" : p < 0.0001 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
