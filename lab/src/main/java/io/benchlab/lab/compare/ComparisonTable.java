package io.benchlab.lab.compare;

import io.benchlab.results.Knobs;
import io.benchlab.results.RunResult;
import java.util.List;
import java.util.Locale;

/** The text {@code lab compare} prints for one run against the baseline. */
final class ComparisonTable {

    private static final String ROW = "%-12s %12s %12s %10s %10s   %s%n";

    private ComparisonTable() {
    }

    static String format(Comparison c, List<String> allowedDifferences, List<String> told) {
        StringBuilder s = new StringBuilder();
        s.append("baseline ").append(c.baseline().name()).append(": ").append(describe(c.baseline().result()))
                .append('\n');
        s.append("run      ").append(c.run().name()).append(": ").append(describe(c.run().result())).append('\n');
        if (!allowedDifferences.isEmpty()) {
            s.append("differs (allowed): ").append(Differences.join(allowedDifferences)).append('\n');
        }
        if (!told.isEmpty()) {
            s.append("also differs: ").append(Differences.join(told)).append('\n');
        }
        s.append(String.format(Locale.ROOT, ROW, "metric", "baseline", "value", "change", "noise", "verdict"));
        for (MetricDelta d : c.deltas()) {
            s.append(String.format(Locale.ROOT, ROW, d.metric().label, number(d.metric(), d.baseline()),
                    number(d.metric(), d.value()), change(d), noise(d), d.verdict().label()));
        }
        return s.toString();
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

    private static String number(Metric m, double v) {
        return String.format(Locale.ROOT, m == Metric.TPS ? "%.1f" : "%.3f", v);
    }

    private static String number(double v) {
        return v == Math.rint(v) ? "" + (long) v : String.format(Locale.ROOT, "%.3f", v);
    }

    private static String change(MetricDelta d) {
        double c = d.change();
        if (Double.isNaN(c)) {
            return d.value() == d.baseline() ? "0%" : "new";
        }
        return String.format(Locale.ROOT, d.metric().relative ? "%+.1f%%" : "%+.2f pp", c);
    }

    private static String noise(MetricDelta d) {
        double n = d.noiseInChangeUnits();
        if (Double.isNaN(n)) {
            return "n/a";
        }
        return String.format(Locale.ROOT, d.metric().relative ? "±%.1f%%" : "±%.2f pp", n);
    }
}
