package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The exact two-sided p-value of the Mann-Whitney U (Wilcoxon rank-sum) test when values tie: the
 * permutation distribution of the rank sum with mid-ranks, counted over every way of splitting the
 * pooled values into the two sides' sizes. Commons Statistics counts the exact distribution only
 * without ties and falls back on the normal approximation with them, which with 8 rounds a side
 * cannot go below 0.0009 however far apart the sides lie; rate-capped runs tie often (every round's
 * tps is the rate). Counting costs about {@code pooled³ / 2} additions, so it is done for up to
 * {@link #MAX_POOLED} values in all.
 */
final class TiedRankSum {

    static final int MAX_POOLED = 100;

    private TiedRankSum() {
    }

    static boolean tied(double[] a, double[] b) {
        double[] all = IntStream.range(0, a.length + b.length)
                .mapToDouble(i -> i < a.length ? a[i] : b[i - a.length]).sorted().toArray();
        return IntStream.range(1, all.length).anyMatch(i -> all[i] == all[i - 1]);
    }

    /** P(|W - E[W]| >= |w - E[W]|) for the rank sum W of {@code a} among all splits of the pooled values. */
    static double pValue(double[] a, double[] b) {
        int n = a.length;
        int pooled = a.length + b.length;
        if (pooled > MAX_POOLED) {
            throw new IllegalArgumentException(pooled + " values: more than " + MAX_POOLED + " to count exactly");
        }
        int[] doubledRanks = doubledMidRanks(a, b);
        long observed = IntStream.range(0, n).mapToLong(i -> doubledRanks[i]).sum();
        long expected = (long) n * (pooled + 1);
        long distance = Math.abs(observed - expected);
        int maxSum = pooled * (pooled + 1);
        // ways[k][s]: subsets of k of the values seen so far whose doubled ranks add up to s.
        double[][] ways = new double[n + 1][maxSum + 1];
        ways[0][0] = 1;
        int reach = 0;
        for (int i = 0; i < pooled; i++) {
            int r = doubledRanks[i];
            reach += r;
            for (int k = Math.min(n, i + 1); k >= 1; k--) {
                for (int s = Math.min(reach, maxSum); s >= r; s--) {
                    ways[k][s] += ways[k - 1][s - r];
                }
            }
        }
        double all = 0;
        double extreme = 0;
        for (int s = 0; s <= maxSum; s++) {
            all += ways[n][s];
            if (Math.abs(s - expected) >= distance) {
                extreme += ways[n][s];
            }
        }
        return Math.min(1, extreme / all);
    }

    /** Twice each value's mid-rank in the pooled sample ({@code a}'s first): whole numbers, ties sharing theirs. */
    private static int[] doubledMidRanks(double[] a, double[] b) {
        double[] values = new double[a.length + b.length];
        System.arraycopy(a, 0, values, 0, a.length);
        System.arraycopy(b, 0, values, a.length, b.length);
        Integer[] order = IntStream.range(0, values.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> values[i]));
        int[] ranks = new int[values.length];
        for (int i = 0; i < order.length; ) {
            int j = i;
            while (j + 1 < order.length && values[order[j + 1]] == values[order[i]]) {
                j++;
            }
            // Positions i..j (0-based) share the mid-rank ((i + 1) + (j + 1)) / 2.
            for (int k = i; k <= j; k++) {
                ranks[order[k]] = i + j + 2;
            }
            i = j + 1;
        }
        return ranks;
    }
}
