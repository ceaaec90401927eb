package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.apache.commons.statistics.distribution.TDistribution;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * What the rounds of two sides say about a metric, each side one run or more, each run its rounds.
 *
 * <p>The noise has two levels: rounds vary within a run, and identical runs vary as a whole (the
 * machine's neighbours, the JIT's choices, the server's state). A side's mean is the mean of its
 * runs' means, whose variance is {@code (between + within / rounds) / runs}. The within-run
 * variance comes from the rounds (pooled over every run); the between-run variance from the runs'
 * means when a side holds two runs or more, else, with one run a side, it cannot be seen and is
 * taken as {@code betweenRuns} times the within-run variance (see {@link CompareRules}). With
 * {@code priorDegrees} above 0, the runs' spread is blended with that prior as if the prior had
 * been seen over that many more degrees of freedom (a moderated variance): three runs show their
 * spread with 2 degrees of freedom only, and a t test on 2 cannot find even a halving at 0.01.
 *
 * <p>Two tests must both find the difference at {@code alpha}: Student's t on that two-level
 * variance (the t distribution of Apache Commons Statistics), and the Mann-Whitney U test on the
 * rounds (exact for small samples, with ties too: {@link TiedRankSum}), so that neither one
 * outlying round, which moves a mean, nor a skewed spread makes a change on its own. {@code pValue} is the larger of the two;
 * {@code halfWidth} is half the {@code 1 - alpha} confidence interval of the difference of the
 * means, in the metric's unit.
 *
 * <p>{@code enough} is false when the rounds are too few for the U test to reach {@code alpha}
 * even if every round of one side lay beyond every round of the other: {@code roundsNeeded}
 * rounds a side are needed at that level (5 at 0.01). {@code precision} holds the two variances
 * for working out how wide the interval would be with more runs or rounds (null when not enough).
 */
record RoundEvidence(int baselineRounds, int runRounds, double pValue, double halfWidth, int roundsNeeded,
                     boolean enough, boolean betweenRunsSeen, Precision precision) {

    private static final MannWhitneyUTest U = MannWhitneyUTest.withDefaults();
    private static final Map<Double, Integer> NEEDED = new ConcurrentHashMap<>();

    static RoundEvidence of(List<double[]> baseline, List<double[]> run, double alpha, double betweenRuns,
                            double priorDegrees) {
        double[] a = flat(baseline);
        double[] b = flat(run);
        int needed = roundsNeeded(alpha);
        boolean seen = baseline.size() + run.size() > 2;
        if (a.length < 2 || b.length < 2 || leastP(a.length, b.length) >= alpha) {
            return new RoundEvidence(a.length, b.length, Double.NaN, Double.NaN, needed, false, seen, null);
        }
        TwoLevel noise = TwoLevel.of(baseline, run, betweenRuns, priorDegrees);
        Precision precision = new Precision(noise.within(), noise.between(), baseline.size(), run.size(),
                (int) Math.round((double) (a.length + b.length) / (baseline.size() + run.size())), priorDegrees, alpha);
        double diff = noise.meanOf(run) - noise.meanOf(baseline);
        double se = Math.sqrt(noise.varianceOfMean(baseline) + noise.varianceOfMean(run));
        if (se == 0) {
            // Every round alike on both sides (no failures anywhere, say): the difference is exact.
            return new RoundEvidence(a.length, b.length, diff == 0 ? 1 : 0, 0, needed, true, seen, precision);
        }
        TDistribution t = TDistribution.of(noise.degreesOfFreedom());
        double pT = 2 * t.survivalProbability(Math.abs(diff) / se);
        double p = Math.max(pT, uTest(a, b));
        return new RoundEvidence(a.length, b.length, p, t.inverseSurvivalProbability(alpha / 2) * se, needed, true,
                seen, precision);
    }

    /** The U test's p-value: exact, ties and all, up to {@link TiedRankSum#MAX_POOLED} rounds in all. */
    static double uTest(double[] a, double[] b) {
        if (a.length + b.length <= TiedRankSum.MAX_POOLED && TiedRankSum.tied(a, b)) {
            return TiedRankSum.pValue(a, b);
        }
        return U.test(a, b).getPValue();
    }

    /** The fewest rounds a side with which the U test can reach {@code alpha} at all. */
    static int roundsNeeded(double alpha) {
        return NEEDED.computeIfAbsent(alpha, x -> {
            int n = 2;
            while (leastP(n, n) >= x) {
                n++;
            }
            return n;
        });
    }

    /** The U test's p-value when the two samples do not overlap at all: the least it can give at these sizes. */
    private static double leastP(int n, int m) {
        double[] low = new double[n];
        double[] high = new double[m];
        Arrays.setAll(low, i -> i);
        Arrays.setAll(high, i -> n + i);
        return U.test(low, high).getPValue();
    }

    private static double[] flat(List<double[]> runs) {
        return runs.stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /** The two variances of the model above, and the degrees of freedom of the test that uses them. */
    private record TwoLevel(double within, double between, double degreesOfFreedom) {

        static TwoLevel of(List<double[]> a, List<double[]> b, double betweenRuns, double priorDegrees) {
            int runs = a.size() + b.size();
            PooledRounds rounds = PooledRounds.of(Stream.concat(a.stream(), b.stream()).toList());
            double within = rounds.variance();
            if (runs > 2) {
                // The runs' means about their side's mean: their spread holds the between-run variance
                // and what the rounds add to each mean.
                double measured = (spread(a) + spread(b)) / (runs - 2) - within / rounds.perGroup();
                double between = (priorDegrees * betweenRuns * within + (runs - 2) * measured) / (priorDegrees + runs - 2);
                return new TwoLevel(within, Math.max(0, between), priorDegrees + runs - 2);
            }
            return new TwoLevel(within, betweenRuns * within, Math.max(1, rounds.degreesOfFreedom()));
        }

        /** The mean of the runs' means. */
        double meanOf(List<double[]> side) {
            return side.stream().mapToDouble(TwoLevel::mean).average().orElse(Double.NaN);
        }

        double varianceOfMean(List<double[]> side) {
            double sum = 0;
            for (double[] r : side) {
                sum += between + within / r.length;
            }
            return sum / ((double) side.size() * side.size());
        }

        private static double spread(List<double[]> side) {
            double m = side.stream().mapToDouble(TwoLevel::mean).average().orElse(0);
            return side.stream().mapToDouble(r -> (mean(r) - m) * (mean(r) - m)).sum();
        }

        private static double mean(double[] x) {
            return Arrays.stream(x).average().orElse(Double.NaN);
        }
    }
}
