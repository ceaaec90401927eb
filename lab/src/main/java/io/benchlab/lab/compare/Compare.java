package io.benchlab.lab.compare;

import io.benchlab.lab.LabDefaults;
import io.benchlab.results.NodeFingerprint;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code lab compare} without its command line: the first side is the baseline, every other side
 * is compared with it. A side is one run, or several runs of one configuration. Runs that are not
 * comparable (see {@link Differences}), that ran on nodes of other fingerprints, or that are not ok
 * are refused unless allowed. Exit code: 0 when no metric regressed, 1 when one did (and under
 * {@code strict} when one was inconclusive); bad input, a refusal included, is a
 * {@link BadInputException}.
 */
public final class Compare {

    /**
     * How sides are judged: the significance level, the threshold in percent, the latency floor in
     * milliseconds, the between-run variance taken (in within-run variances) where one run a side
     * cannot show it, how many degrees of freedom that prior adds where runs do show it
     * ({@code priorDegrees}, 0: the runs' spread alone; see {@link RoundEvidence}), what may differ
     * ({@link Allowance}); {@code strict} makes an inconclusive metric fail. Made by a
     * {@link Builder}, which holds the defaults of lab compare: every call names what it sets.
     */
    public static final class Rules {

        private final double alpha;
        private final double thresholdPercent;
        private final double latencyFloorMs;
        private final double betweenRuns;
        private final double priorDegrees;
        private final Set<Allowance> allowed;
        private final boolean strict;

        private Rules(Builder b) {
            this.alpha = b.alpha;
            this.thresholdPercent = b.thresholdPercent;
            this.latencyFloorMs = b.latencyFloorMs;
            this.betweenRuns = b.betweenRuns;
            this.priorDegrees = b.priorDegrees;
            this.allowed = Set.copyOf(b.allowed);
            this.strict = b.strict;
        }

        /** The defaults of lab compare: nothing allowed, not strict. */
        public static Rules defaults() {
            return builder().build();
        }

        public static Builder builder() {
            return new Builder();
        }

        public double alpha() {
            return alpha;
        }

        public double thresholdPercent() {
            return thresholdPercent;
        }

        public double latencyFloorMs() {
            return latencyFloorMs;
        }

        public double betweenRuns() {
            return betweenRuns;
        }

        public double priorDegrees() {
            return priorDegrees;
        }

        public boolean allows(Allowance what) {
            return allowed.contains(what);
        }

        public boolean strict() {
            return strict;
        }

        double failuresPoints() {
            return LabDefaults.COMPARE_FAILURES_POINTS;
        }

        /** The rules of lab compare until told otherwise. */
        public static final class Builder {

            private double alpha = LabDefaults.COMPARE_ALPHA;
            private double thresholdPercent = LabDefaults.COMPARE_THRESHOLD_PERCENT;
            private double latencyFloorMs = LabDefaults.COMPARE_LATENCY_FLOOR_MS;
            private double betweenRuns = LabDefaults.COMPARE_BETWEEN_RUNS;
            private double priorDegrees;
            private final Set<Allowance> allowed = EnumSet.noneOf(Allowance.class);
            private boolean strict;

            private Builder() {
            }

            public Builder alpha(double alpha) {
                this.alpha = alpha;
                return this;
            }

            public Builder thresholdPercent(double percent) {
                this.thresholdPercent = percent;
                return this;
            }

            public Builder latencyFloorMs(double ms) {
                this.latencyFloorMs = ms;
                return this;
            }

            public Builder betweenRuns(double ratio) {
                this.betweenRuns = ratio;
                return this;
            }

            public Builder priorDegrees(double degrees) {
                this.priorDegrees = degrees;
                return this;
            }

            public Builder allow(Allowance... what) {
                allowed.addAll(List.of(what));
                return this;
            }

            public Builder strict(boolean strict) {
                this.strict = strict;
                return this;
            }

            public Rules build() {
                return new Rules(this);
            }
        }
    }

    private Compare() {
    }

    public static List<Comparison> comparisons(List<Side> sides, Rules rules) {
        sides.forEach(s -> s.runs().forEach(r -> checkUsable(r, rules)));
        Side baseline = sides.get(0);
        for (Side side : sides) {
            side.runs().forEach(r -> checkComparable(baseline.first().result(), r.result(), rules));
        }
        List<Comparison> all = new ArrayList<>();
        for (Side side : sides.subList(1, sides.size())) {
            all.add(Comparison.of(baseline, side, rules));
        }
        return all;
    }

    /** Prints a table per side against the baseline and returns the exit code. */
    public static int print(List<Side> sides, Rules rules, PrintWriter out) {
        List<Comparison> all = comparisons(sides, rules);
        List<String> regressed = new ArrayList<>();
        List<String> inconclusive = new ArrayList<>();
        int needed = RoundEvidence.roundsNeeded(rules.alpha());
        for (Comparison c : all) {
            RunResult base = c.baseline().first().result();
            RunResult run = c.run().first().result();
            out.print(ComparisonTable.format(c, rules, Differences.refusing(base, run), Differences.told(base, run)));
            out.println();
            String name = c.run().runs().size() == 1 ? run.runId() : c.run().name();
            c.labels(Verdict.REGRESSED).forEach(m -> regressed.add(name + " " + m));
            c.labels(Verdict.INCONCLUSIVE).forEach(m -> inconclusive.add(name + " " + m));
        }
        if (!inconclusive.isEmpty()) {
            out.println("WARNING inconclusive: " + String.join(", ", inconclusive) + " (the tests need at least "
                    + needed + " rounds a side at alpha " + rules.alpha() + "; run more rounds, or more runs a side"
                    + (rules.strict() ? "" : "; --strict fails on it") + ")");
        }
        out.println(regressed.isEmpty() ? "no regression" : "regressed: " + String.join(", ", regressed));
        out.flush();
        return all.stream().anyMatch(c -> c.fails(rules.strict())) ? ExitCodes.RUN_FAILED : ExitCodes.OK;
    }

    private static void checkComparable(RunResult baseline, RunResult run, Rules rules) {
        if (baseline == run) {
            return;
        }
        List<String> differences = Differences.refusing(baseline, run);
        if (!differences.isEmpty() && !rules.allows(Allowance.DIFFERENCES)) {
            throw new BadInputException("refusing to compare " + run.runId() + " with the baseline "
                    + baseline.runId() + ": they differ in " + Differences.join(differences)
                    + " (--allow-differences compares them anyway)");
        }
        List<String> nodes = NodeFingerprint.of(baseline).differences(NodeFingerprint.of(run));
        if (!nodes.isEmpty() && !rules.allows(Allowance.NODE_CHANGE)) {
            throw new BadInputException("refusing to compare " + run.runId() + " with the baseline "
                    + baseline.runId() + ": they ran on other nodes (" + Differences.join(nodes)
                    + "; --allow-node-change compares them anyway)");
        }
    }

    private static void checkUsable(ComparedRun run, Rules rules) {
        RunResult r = run.result();
        if (r.status() != Status.OK && !rules.allows(Allowance.NOT_OK)) {
            throw new BadInputException("refusing to compare " + r.runId() + ": its status is " + r.status().json()
                    + " (" + r.cause() + "); --allow-not-ok compares it anyway");
        }
        if (r.figures() == null || r.knobs() == null) {
            throw new BadInputException(r.runId() + " has no figures to compare (status " + r.status().json()
                    + (r.cause() == null ? "" : ": " + r.cause()) + ")");
        }
    }
}
