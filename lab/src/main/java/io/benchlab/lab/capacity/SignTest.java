package io.benchlab.lab.capacity;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * The distribution-free test a step's rounds must pass, and the interval it goes with.
 *
 * <p>The model: a step's K rounds are K independent draws of a round's value (its p99, say) from
 * the set-up's distribution at that offered rate; the objective is about that distribution's median
 * {@code m}: the value a typical round has. Under {@code m >= threshold} each round meets the
 * objective with probability at most 1/2, so that {@code s} or more of K rounds meet it has
 * probability at most {@code P(Binomial(K, 1/2) >= s)}: the one-sided sign test. A step passes at
 * level {@code alpha} when at least {@link #roundsToPass} rounds meet the objective, the least
 * {@code s} with that probability at most {@code alpha}. At the default 0.05: all 5 of 5 rounds
 * (1/32 = 0.031), 7 of 8 (9/256 = 0.035), 9 of 10 (11/1024 = 0.011; 8 of 10 would be
 * 56/1024 = 0.055).
 *
 * <p>The interval of a round value is the order-statistic interval of the median,
 * {@code [x(r), x(K+1-r)]} with {@code r = K + 1 - roundsToPass}: each end is a one-sided
 * {@code 1 - alpha} confidence bound of {@code m}, so the two together cover it with at least
 * {@code 1 - 2 alpha} (min..max of 5 rounds: 1 - 2/32 = 94%). The test and the interval agree: the
 * step passes exactly when the interval's upper end meets the objective. Turned round, the same test
 * shows an objective broken (the step fails); {@link StepJudge} does that at the looser
 * {@link CapacityDefaults#FAIL_ALPHA}, and between the two the rounds show neither.
 *
 * <p>Why not a binomial bound on the pooled histogram's quantile: it takes each transaction as an
 * independent draw, but latencies come in runs (a checkpoint, a lock queue, a GC pause delays every
 * transaction behind it), so the 25,000 transactions of a 5-s step at 5,000 tps are worth far
 * fewer; its interval of the p99 would be some ±0.1 percentile points, a false certainty that the
 * next run contradicts. The rounds are seconds apart and each spans many such runs, so they are near
 * independent, and what varies from round to round is what varies from one search to the next.
 * Why not Student's t on the rounds' p99: a round's tail is skewed (one stall moves it a lot) and
 * five values cannot show normality; the sign test needs only independence. In the simulation of
 * {@code CapacityNoiseTest}, Student's upper bound on the rounds' log p99 (tried there once) was as
 * cautious and a little more repeatable (two searches' intervals overlapping in 39% of pairs against
 * 26%, at 20% noise a round), but only because its rounds were log-normal, as a stalled round is not.
 * Judging the merged p99 alone, without confidence, put the capacity above what the set-up sustains
 * in a third of the searches; the sign test, in 1 of 100 to 200.
 */
final class SignTest {

    private SignTest() {
    }

    /** The fewest rounds with which a step can pass at ALPHA at all: all of them, {@code 0.5^K <= alpha}. */
    static int minimumRounds(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha " + alpha + " is not between 0 and 1");
        }
        int k = 1;
        while (Math.pow(0.5, k) > alpha) {
            k++;
        }
        return k;
    }

    /** The least number of K rounds that must meet an objective for the step to pass at ALPHA; K + 1 when none will do. */
    static int roundsToPass(int rounds, double alpha) {
        if (rounds == 0) {
            return 1;
        }
        BinomialDistribution b = BinomialDistribution.of(rounds, 0.5);
        int s = rounds + 1;
        while (s > 0 && b.survivalProbability(s - 2) <= alpha) {
            s--;
        }
        return s;
    }

    /** The order-statistic interval of the median round value, as above; the whole range when the rounds are too few for the test. */
    static double[] interval(double[] values, double alpha) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int r = Math.max(1, values.length + 1 - roundsToPass(values.length, alpha));
        return new double[] {sorted[r - 1], sorted[values.length - r]};
    }
}
