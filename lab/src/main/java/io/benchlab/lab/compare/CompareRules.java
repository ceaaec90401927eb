package io.benchlab.lab.compare;

import io.benchlab.lab.LabDefaults;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * How sides are judged: the significance level, the threshold in percent, the latency floor in
 * milliseconds, the between-run variance taken (in within-run variances) where one run a side
 * cannot show it, how many degrees of freedom that prior adds where runs do show it
 * ({@code priorDegrees}, 0: the runs' spread alone; see {@link RoundEvidence}), what may differ
 * ({@link Allowance}); {@code strict} makes an inconclusive metric fail. Made by a
 * {@link Builder}, which holds the defaults of lab compare: every call names what it sets.
 */
public final class CompareRules {

    private final double alpha;
    private final double thresholdPercent;
    private final double latencyFloorMs;
    private final double betweenRuns;
    private final double priorDegrees;
    private final Set<Allowance> allowed;
    private final boolean strict;

    private CompareRules(Builder b) {
        this.alpha = b.alpha;
        this.thresholdPercent = b.thresholdPercent;
        this.latencyFloorMs = b.latencyFloorMs;
        this.betweenRuns = b.betweenRuns;
        this.priorDegrees = b.priorDegrees;
        this.allowed = Set.copyOf(b.allowed);
        this.strict = b.strict;
    }

    /** The defaults of lab compare: nothing allowed, not strict. */
    public static CompareRules defaults() {
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

        public CompareRules build() {
            return new CompareRules(this);
        }
    }
}
