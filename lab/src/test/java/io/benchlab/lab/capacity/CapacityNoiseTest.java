package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.results.StepVerdict;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.BiFunction;
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
 * <p>What it shows with the bracket's ends each run twice (the default), and with each run once:
 * the share of searches whose capacity exceeded C, the share of pairs of searches whose intervals
 * overlapped, of pairs whose capacities were within 10%, and of searches that reached 5%, with
 * their steps on average (at most 10):
 * <ul>
 *   <li>sigma 0.1: the step test with three verdicts 0% / 100% / 100% / 26%, 9.7 steps (once: 1.5%
 *       / 99% / 100% / 44%, 8.8); pass or fail alone (a step failing for want of evidence) 0% / 92%
 *       / 100% / 54%, 8.9 (once: 0% / 59% / 100% / 100%, 6); the rounds' merged p99 alone, without
 *       confidence, 11% / 89% / 100% / 59%, 8.8 (once: 26% / 58% / 100% / 100%, 6);</li>
 *   <li>sigma 0.2: three verdicts 1.0% / 98% / 88% / 10%, 9.7 steps (once: 1.5% / 98% / 88% / 16%,
 *       8.5); pass or fail 0% / 69% / 92% / 39%, 9.2 (once: 0% / 36% / 92% / 100%, 6); merged p99
 *       16% / 83% / 99% / 48%, 9.1 (once: 36% / 41% / 98% / 100%, 6);</li>
 *   <li>sigma 0.1 and each step's speed 5% apart besides: three verdicts 10% / 86% / 95% / 34%, 9.5
 *       steps; once, 29% / 52% / 87% / 81%, 7.2.</li>
 * </ul>
 * A pass is evidence: the step test almost never claims a rate the set-up does not sustain, where
 * the merged p99 alone does a tenth to a third of the time; the price is a capacity under C (the
 * median answer 7,710 tps at sigma 0.1, 7,380 at 0.2: 4% and 8% under). With pass or fail alone, a
 * 5% interval is narrower than a round's noise, so a repeat's interval lands beside it; with the
 * unclear steps inside it, the interval is as wide as the noise makes the crossing, and two
 * searches agree. The 5% is then reached only where the rounds' noise allows it: more rounds a step
 * narrow it. Where the set-up's speed moves from step to step, no step's rounds show it; running
 * the ends again does, and halves the searches that claim too much.
 */
class CapacityNoiseTest {

    private static final double C = 8000;
    private static final Objective P99 = Objective.parse("p99<=10ms");
    private static final StepJudge JUDGE = StepJudge.of(List.of(P99));
    private static final BiFunction<Double, RunResult, StepVerdict> SIGN_TEST =
            (rate, step) -> JUDGE.judge(rate, step).verdict();
    private static final BiFunction<Double, RunResult, StepVerdict> PASS_OR_FAIL =
            (rate, step) -> JUDGE.judge(rate, step).pass() ? StepVerdict.PASS : StepVerdict.FAIL;
    private static final BiFunction<Double, RunResult, StepVerdict> MERGED_P99 =
            (rate, step) -> P99.holdsFor(P99.valueIn(step.figures())) ? StepVerdict.PASS : StepVerdict.FAIL;

    private record Found(double low, double high, boolean precise, int steps) {
    }

    @Test
    void withTenPercentNoiseTheSignTestAlmostNeverClaimsTooMuchAndRepeatsOverlap() {
        List<Found> signed = searches(0.1, SIGN_TEST);
        List<Found> merged = searches(0.1, MERGED_P99);
        assertThat(share(signed, f -> f.low() > C)).isLessThanOrEqualTo(0.02);
        assertThat(share(merged, f -> f.low() > C)).isGreaterThan(0.08);
        assertThat(overlapping(signed)).isGreaterThanOrEqualTo(0.95);
        assertThat(overlapping(searches(0.1, PASS_OR_FAIL))).isLessThan(0.95);
        assertThat(within10Percent(signed)).isGreaterThanOrEqualTo(0.9);
        assertThat(share(signed, f -> f.low() >= 0.9 * C)).isGreaterThanOrEqualTo(0.8);
        assertThat(share(signed, Found::precise)).isBetween(0.15, 0.4);
        assertThat(signed).allMatch(f -> f.steps() <= CapacityDefaults.MAX_STEPS);
    }

    @Test
    void withTwentyPercentNoiseItStaysUnderTheCapacityAndRepeatsStillOverlap() {
        List<Found> signed = searches(0.2, SIGN_TEST);
        List<Found> merged = searches(0.2, MERGED_P99);
        assertThat(share(signed, f -> f.low() > C)).isLessThanOrEqualTo(0.02);
        assertThat(share(merged, f -> f.low() > C)).isGreaterThan(0.1);
        assertThat(overlapping(signed)).isGreaterThanOrEqualTo(0.95);
        assertThat(overlapping(searches(0.2, PASS_OR_FAIL))).isLessThan(0.8);
        assertThat(within10Percent(signed)).isGreaterThanOrEqualTo(0.75);
        assertThat(signed).allMatch(f -> f.low() > 0 && f.high() < Double.MAX_VALUE, "bracketed");
    }

    /**
     * A set-up whose speed moves from step to step (5%, log-normal), as this machine's does, beside
     * the rounds' 10%: a step's rounds share its speed and cannot show it. Run once, the bracket's
     * ends each stand for one minute of it, and two searches' intervals miss each other half the
     * time; run twice, a repeat that contradicts its first step leaves that rate inside the interval.
     */
    @Test
    void whenTheSetUpsSpeedMovesFromStepToStepRepeatedEndsKeepTwoSearchesOverlapping() {
        List<Found> once = searches(0.1, 0.05, 1, SIGN_TEST);
        List<Found> twice = searches(0.1, 0.05, 2, SIGN_TEST);
        assertThat(overlapping(once)).isLessThan(0.6);
        assertThat(overlapping(twice)).isGreaterThanOrEqualTo(0.8);
        assertThat(share(once, f -> f.low() > C)).isGreaterThan(0.2);
        assertThat(share(twice, f -> f.low() > C)).isLessThanOrEqualTo(0.12);
        assertThat(twice).allMatch(f -> f.steps() <= CapacityDefaults.MAX_STEPS);
    }

    private static double p99(double rate) {
        return rate >= 10_000 ? 1000 : 2 / (1 - rate / 10_000);
    }

    private static List<Found> searches(double sigma, BiFunction<Double, RunResult, StepVerdict> judge) {
        return searches(sigma, 0, CapacitySearch.REPEATS, judge);
    }

    /**
     * 200 searches whose rounds vary by SIGMA (log-normal) and whose steps by DRIFT besides: the
     * set-up's speed for a whole step, which its rounds share and so cannot show; the bracket's ends
     * each run REPEATS times.
     */
    private static List<Found> searches(double sigma, double drift, int repeats, BiFunction<Double, RunResult, StepVerdict> judge) {
        Random random = new Random(20_261_127);
        List<Found> found = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(10_000, 0.05), repeats);
            while (s.next().isPresent()) {
                double rate = s.next().getAsDouble();
                double speed = Math.exp(drift * random.nextGaussian());
                double[] rounds = new double[5];
                Arrays.setAll(rounds, k -> p99(rate / speed) * Math.exp(sigma * random.nextGaussian()));
                s.record(rate, judge.apply(rate, Steps.step(rate, rounds)));
            }
            SearchOutcome o = s.outcome();
            found.add(new Found(o.low() == null ? 0 : o.low(), o.high() == null ? Double.MAX_VALUE : o.high(),
                    o.reachedPrecision(), s.steps()));
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
