package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiPredicate;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Searches of a noisy simulated set-up, seeded so that the figures are the same every time: the p99
 * of a round at rate r is {@code 2 ms / (1 - r / 10,000)} times a log-normal noise of sigma 0.1 or
 * 0.2 (the rounds of a shared host differ by some 10-20%), so under {@code p99<=10ms} the median
 * round meets the objective up to C = 8,000 tps. Each step is five rounds, which go through
 * HdrHistograms as a run's would ({@link Steps}); 200 searches from a probe of 10,000 tps.
 *
 * <p>What it showed when written, the sign test ({@link StepJudge}) against judging the rounds'
 * merged p99 alone (no confidence), as the share of searches whose capacity exceeded C, the share of
 * pairs of searches whose intervals overlapped, and of pairs whose capacities were within 10%:
 * sigma 0.1, sign test 1.0% / 44% / 100%, merged p99 32% / 59% / 100%; sigma 0.2, sign test 0.5% /
 * 26% / 94%, merged p99 36% / 42% / 100%. A pass is evidence: the sign test almost never claims a
 * rate the set-up does not sustain, where the merged p99 alone does a third of the time; the price
 * is a capacity under C (the median answer 7,710 tps at sigma 0.1, 7,380 at 0.2: 4% and 8% under)
 * and a larger spread, since with five rounds a step passes only when its worst round meets the
 * objective. Intervals of 5% seldom overlap when a round's noise is several times 5%, whatever the
 * test on five rounds; the answers still agree within 10%.
 */
class CapacityNoiseTest {

    private static final double C = 8000;
    private static final Objective P99 = Objective.parse("p99<=10ms");
    private static final StepJudge JUDGE = StepJudge.of(List.of(P99));
    private static final BiPredicate<Double, RunResult> SIGN_TEST = (rate, step) -> JUDGE.judge(rate, step).pass();
    private static final BiPredicate<Double, RunResult> MERGED_P99 =
            (rate, step) -> P99.holdsFor(P99.valueIn(step.figures()));

    private record Found(double low, double high) {
    }

    @Test
    void withTenPercentNoiseTheSignTestAlmostNeverClaimsTooMuchAndAnswersAgreeWithinTenPercent() {
        List<Found> signed = searches(0.1, SIGN_TEST);
        List<Found> merged = searches(0.1, MERGED_P99);
        assertThat(share(signed, f -> f.low() > C)).isLessThanOrEqualTo(0.02);
        assertThat(share(merged, f -> f.low() > C)).isGreaterThan(0.25);
        assertThat(overlapping(signed)).isBetween(0.35, 0.55);
        assertThat(within10Percent(signed)).isGreaterThanOrEqualTo(0.9);
        assertThat(share(signed, f -> f.low() >= 0.9 * C)).isGreaterThanOrEqualTo(0.8);
    }

    @Test
    void withTwentyPercentNoiseItStaysUnderTheCapacityAtTheCostOfSpread() {
        List<Found> signed = searches(0.2, SIGN_TEST);
        List<Found> merged = searches(0.2, MERGED_P99);
        assertThat(share(signed, f -> f.low() > C)).isLessThanOrEqualTo(0.02);
        assertThat(share(merged, f -> f.low() > C)).isGreaterThan(0.25);
        assertThat(overlapping(signed)).isBetween(0.15, 0.4).isLessThan(overlapping(merged));
        assertThat(within10Percent(signed)).isGreaterThanOrEqualTo(0.9);
        assertThat(signed).allMatch(f -> f.low() > 0 && f.high() < Double.MAX_VALUE, "bracketed");
    }

    private static double p99(double rate) {
        return rate >= 10_000 ? 1000 : 2 / (1 - rate / 10_000);
    }

    private static List<Found> searches(double sigma, BiPredicate<Double, RunResult> judge) {
        Random random = new Random(20_261_127);
        List<Found> found = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(10_000, 0.05));
            while (s.next().isPresent()) {
                double rate = s.next().getAsDouble();
                double[] rounds = new double[5];
                Arrays.setAll(rounds, k -> p99(rate) * Math.exp(sigma * random.nextGaussian()));
                s.record(rate, judge.test(rate, Steps.step(rate, rounds)));
            }
            SearchOutcome o = s.outcome();
            found.add(new Found(o.low() == null ? 0 : o.low(), o.high() == null ? Double.MAX_VALUE : o.high()));
        }
        return found;
    }

    /** The share of pairs of searches (the 1st and 2nd, 3rd and 4th...) whose intervals overlap. */
    private static double overlapping(List<Found> f) {
        return pairs(f, (a, b) -> a.low() < b.high() && b.low() < a.high());
    }

    private static double within10Percent(List<Found> f) {
        return pairs(f, (a, b) -> Math.abs(a.low() - b.low()) <= 0.1 * Math.min(a.low(), b.low()));
    }

    private static double pairs(List<Found> f, BiPredicate<Found, Found> p) {
        int yes = 0;
        for (int i = 0; i + 1 < f.size(); i += 2) {
            yes += p.test(f.get(i), f.get(i + 1)) ? 1 : 0;
        }
        return yes / (f.size() / 2.0);
    }

    private static double share(List<Found> f, Predicate<Found> p) {
        return f.stream().filter(p).count() / (double) f.size();
    }
}
