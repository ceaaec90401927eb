package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.List;

/**
 * Rounds in groups (a run's rounds, a night's): the variance of a round about its own group's mean,
 * pooled over the groups (0 when no group has two rounds), its degrees of freedom, and the mean
 * number of rounds a group.
 */
public record PooledRounds(double variance, int degreesOfFreedom, double perGroup) {

    public static PooledRounds of(List<double[]> groups) {
        double squares = 0;
        int df = 0;
        int rounds = 0;
        for (double[] g : groups) {
            double m = Arrays.stream(g).average().orElse(Double.NaN);
            squares += Arrays.stream(g).map(x -> (x - m) * (x - m)).sum();
            df += g.length - 1;
            rounds += g.length;
        }
        return new PooledRounds(df == 0 ? 0 : squares / df, df, (double) rounds / groups.size());
    }
}
