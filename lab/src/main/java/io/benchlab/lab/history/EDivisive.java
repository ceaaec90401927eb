package io.benchlab.lab.history;

import io.benchlab.lab.compare.PooledRounds;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Change points in a series of nights, each night several rounds: E-divisive means (Matteson and
 * James, 2014) proposes where a series splits, a Student t-test on the nights either side decides
 * whether the split is real, as Apache Otava does. What the rounds add:
 * <ul>
 *   <li>each night is the mean of its rounds, so a night's noise is its rounds' noise over the
 *       square root of their number, where a tool with one value a night has the whole of it;</li>
 *   <li>the variance of the nights' means that the t-test uses is never taken below what the
 *       rounds inside the nights say one night's mean varies by, so that a short stretch of nights
 *       that happen to agree cannot make a small step look certain.</li>
 * </ul>
 * Splitting goes on in each part while splits pass {@code pMax}; then, as Otava's merge step, the
 * change point with the weakest evidence against its neighbours' stretches is dropped, and its
 * neighbours tested again, until every one left passes.
 */
public final class EDivisive {

    /** One change point: the first night after it, the means of the stretches either side, the test's p-value. */
    public record Split(int index, double meanBefore, double meanAfter, double pValue) {

        /** The relative change of the mean, (after - before) / before; NaN from a mean of 0. */
        public double change() {
            return meanBefore == 0 ? Double.NaN : (meanAfter - meanBefore) / Math.abs(meanBefore);
        }
    }

    /** The fewest nights the method judges: below it, no split could be tested. */
    public static final int LEAST_NIGHTS = 4;

    private final double[] means;
    private final double roundVarianceOfMean;
    private final double[][] prefix;

    private EDivisive(double[][] nights) {
        means = Arrays.stream(nights).mapToDouble(EDivisive::mean).toArray();
        roundVarianceOfMean = roundVarianceOfMean(nights);
        prefix = distancePrefix(means);
    }

    /** The change points of a series whose nights hold one value or more each, in order of time. */
    public static List<Split> changePoints(double[][] nights, double pMax) {
        if (nights.length < LEAST_NIGHTS) {
            throw new IllegalArgumentException("needs " + LEAST_NIGHTS + " nights, got " + nights.length);
        }
        EDivisive e = new EDivisive(nights);
        List<Integer> cuts = new ArrayList<>();
        e.split(0, nights.length, pMax, cuts);
        cuts.sort(Comparator.naturalOrder());
        return e.merge(cuts, pMax);
    }

    private void split(int start, int end, double pMax, List<Integer> cuts) {
        if (end - start < 3) {
            return;
        }
        int tau = candidate(start, end);
        if (test(start, tau, end) < pMax) {
            cuts.add(tau);
            split(start, tau, pMax, cuts);
            split(tau, end, pMax, cuts);
        }
    }

    private List<Split> merge(List<Integer> cuts, double pMax) {
        List<Integer> left = new ArrayList<>(cuts);
        while (true) {
            int weakest = -1;
            double weakestP = -1;
            for (int i = 0; i < left.size(); i++) {
                double p = test(from(left, i), left.get(i), to(left, i));
                if (p > weakestP) {
                    weakest = i;
                    weakestP = p;
                }
            }
            if (weakest < 0 || weakestP < pMax) {
                break;
            }
            left.remove(weakest);
        }
        List<Split> splits = new ArrayList<>();
        for (int i = 0; i < left.size(); i++) {
            int from = from(left, i);
            int at = left.get(i);
            int to = to(left, i);
            splits.add(new Split(at, mean(means, from, at), mean(means, at, to), test(from, at, to)));
        }
        return splits;
    }

    /** The first night of the stretch before cut {@code i}: the cut before it, or the series' start. */
    private static int from(List<Integer> cuts, int i) {
        return i == 0 ? 0 : cuts.get(i - 1);
    }

    /** The end of the stretch after cut {@code i}: the cut after it, or the series' end. */
    private int to(List<Integer> cuts, int i) {
        return i + 1 < cuts.size() ? cuts.get(i + 1) : means.length;
    }

    /**
     * The split of nights [start, end) that E-divisive proposes: the tau (first night of the right
     * part) that, with some kappa, maximises Q(tau, kappa) over [start, tau) against [tau, kappa).
     */
    int candidate(int start, int end) {
        int best = start + 1;
        double bestQ = Double.NEGATIVE_INFINITY;
        for (int tau = start + 1; tau < end; tau++) {
            for (int kappa = tau + 1; kappa <= end; kappa++) {
                double q = q(start, tau, kappa);
                if (q > bestQ) {
                    bestQ = q;
                    best = tau;
                }
            }
        }
        return best;
    }

    /** Matteson and James's Q: the divergence of X = [s, tau) and Y = [tau, kappa), scaled by their sizes. */
    private double q(int s, int tau, int kappa) {
        double n = tau - s;
        double m = kappa - tau;
        double between = rectangle(s, tau, tau, kappa);
        double withinX = n < 2 ? 0 : rectangle(s, tau, s, tau) / 2;
        double withinY = m < 2 ? 0 : rectangle(tau, kappa, tau, kappa) / 2;
        return 2 / (m + n) * between
                - (n < 2 ? 0 : 2 * m / ((m + n) * (n - 1)) * withinX)
                - (m < 2 ? 0 : 2 * n / ((m + n) * (m - 1)) * withinY);
    }

    /**
     * Student's t-test (pooled variance) of nights [from, at) against [at, to), two-sided. The
     * pooled variance of the nights' means is taken no lower than what their rounds say.
     */
    double test(int from, int at, int to) {
        int n1 = at - from;
        int n2 = to - at;
        if (n1 < 1 || n2 < 1 || n1 + n2 < 3) {
            return 1;
        }
        double m1 = mean(means, from, at);
        double m2 = mean(means, at, to);
        double squares = squares(from, at, m1) + squares(at, to, m2);
        int df = n1 + n2 - 2;
        double variance = Math.max(squares / df, roundVarianceOfMean);
        if (variance == 0) {
            return m1 == m2 ? 1 : 0;
        }
        double t = (m2 - m1) / Math.sqrt(variance * (1.0 / n1 + 1.0 / n2));
        return 2 * TDistribution.of(df).survivalProbability(Math.abs(t));
    }

    private double squares(int from, int to, double mean) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (means[i] - mean) * (means[i] - mean);
        }
        return sum;
    }

    /**
     * The variance of one night's mean that its rounds alone give: the rounds' pooled variance
     * within nights over the typical number of rounds a night (0 with one round a night).
     */
    private static double roundVarianceOfMean(double[][] nights) {
        PooledRounds rounds = PooledRounds.of(Arrays.asList(nights));
        return rounds.variance() / rounds.perGroup();
    }

    private double rectangle(int rowFrom, int rowTo, int colFrom, int colTo) {
        return prefix[rowTo][colTo] - prefix[rowFrom][colTo] - prefix[rowTo][colFrom] + prefix[rowFrom][colFrom];
    }

    /** prefix[i][j]: the sum of |x_a - x_b| over a < i, b < j. */
    private static double[][] distancePrefix(double[] x) {
        int n = x.length;
        double[][] p = new double[n + 1][n + 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                p[i + 1][j + 1] = Math.abs(x[i] - x[j]) + p[i][j + 1] + p[i + 1][j] - p[i][j];
            }
        }
        return p;
    }

    private static double mean(double[] x) {
        return mean(x, 0, x.length);
    }

    private static double mean(double[] x, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += x[i];
        }
        return sum / (to - from);
    }
}
