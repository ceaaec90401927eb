package io.benchlab.lab.compare;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How wide the confidence interval of a change would be with other numbers of runs and rounds, on
 * the noise the sides showed: the model of {@link RoundEvidence}, where a side of {@code runs} runs
 * of {@code rounds} rounds has a mean of variance {@code (between + within / rounds) / runs}. More
 * rounds shrink only the within-run part (and, with one run a side, the t quantile, whose degrees
 * of freedom are then the rounds'); the between-run part, taken with one run a side as
 * {@code betweenRuns} times the within-run one, only more runs shrink. The t test's degrees of
 * freedom are counted as {@link RoundEvidence} counts them.
 *
 * @param within        the variance of a round about its run's mean
 * @param between       the variance of identical runs' means, as measured or taken
 * @param baselineRuns  the baseline's runs
 * @param runRuns       the other side's runs
 * @param rounds        rounds a run (the mean over the runs, rounded)
 * @param priorDegrees  the degrees of freedom the between-run prior adds (see {@link CompareRules})
 * @param alpha         the significance level: the interval is the {@code 1 - alpha} one
 */
record Precision(double within, double between, int baselineRuns, int runRuns, int rounds, double priorDegrees,
                 double alpha) {

    /** The most runs a side, and rounds a run, that {@link #needed} looks at: past them it says "more than". */
    static final int MOST_RUNS = 100;
    static final int MOST_ROUNDS = 1000;

    /** Half the {@code 1 - alpha} interval of the change with these many runs a side and rounds a run. */
    double halfWidth(int baseline, int run, int roundsARun) {
        double variance = (between + within / roundsARun) * (1.0 / baseline + 1.0 / run);
        return TDistribution.of(degreesOfFreedom(baseline + run, roundsARun)).inverseSurvivalProbability(alpha / 2)
                * Math.sqrt(variance);
    }

    /**
     * The fewest runs a side, or rounds a run, whose interval would be at most {@code target} wide
     * (a half-width), whichever takes fewer rounds a side in all (a run's warm-up not counted); with
     * {@code runsMayGrow} false (a night is one run) only rounds. Null when neither would within
     * {@link #MOST_RUNS} runs or {@link #MOST_ROUNDS} rounds.
     */
    Needed needed(double target, boolean runsMayGrow) {
        int runs = Math.max(baselineRuns, runRuns);
        Needed byRounds = null;
        for (int r = rounds + 1; r <= MOST_ROUNDS && byRounds == null; r++) {
            if (halfWidth(baselineRuns, runRuns, r) <= target) {
                byRounds = new Needed(runs, r, false);
            }
        }
        Needed byRuns = null;
        for (int k = baselineRuns == runRuns ? runs + 1 : runs; runsMayGrow && k <= MOST_RUNS && byRuns == null; k++) {
            if (halfWidth(k, k, rounds) <= target) {
                byRuns = new Needed(k, rounds, true);
            }
        }
        if (byRounds == null || byRuns == null) {
            return byRounds == null ? byRuns : byRounds;
        }
        return byRuns.runs() * byRuns.rounds() <= byRounds.runs() * byRounds.rounds() ? byRuns : byRounds;
    }

    /** As {@link RoundEvidence}'s t test counts them: the runs' spread where a side has two runs or more. */
    private double degreesOfFreedom(int runs, int roundsARun) {
        return runs > 2 ? priorDegrees + runs - 2 : Math.max(1, 2 * roundsARun - 2);
    }

    /** Runs a side and rounds a run that would tell; {@code byRuns}: the runs are what changed. */
    record Needed(int runs, int rounds, boolean byRuns) {

        /** "about 6 runs a side", "about 12 rounds a run". */
        String words() {
            return byRuns ? "about " + runs + " runs a side" : "about " + rounds + " rounds a run";
        }
    }
}
