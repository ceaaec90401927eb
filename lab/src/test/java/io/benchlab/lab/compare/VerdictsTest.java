package io.benchlab.lab.compare;

import static io.benchlab.lab.compare.Runs.run;
import static io.benchlab.lab.compare.Runs.side;
import static io.benchlab.lab.compare.Runs.times;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.RunResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Verdicts per metric on fixed rounds: a change counts only when both tests on the rounds find it at
 * alpha and it passes the threshold (latencies also the floor); no change only when the change's
 * interval lies within the threshold; too few rounds, or an interval wider than the threshold that
 * shows no change beyond it, are inconclusive.
 */
class VerdictsTest {

    private static final double[] TPS = {1000, 1040, 980, 1020, 960, 1000, 1030, 970};
    private static final double[] P50 = {2.0, 2.1, 1.9, 2.0, 2.1, 1.9, 2.0, 2.0};
    private static final double[] P99 = {9.8, 10.2, 10.0, 9.9, 10.1, 10.0, 9.8, 10.2};

    private static CompareRules rules(double threshold, double floorMs, double betweenRuns) {
        return CompareRules.builder().thresholdPercent(threshold).latencyFloorMs(floorMs).betweenRuns(betweenRuns).build();
    }

    /** One run a side, trusting its rounds alone (--between-runs 0): the tests of the rounds themselves. */
    private static Comparison compare(RunResult base, RunResult other, double threshold) {
        return Comparison.of(side(base), side(other), rules(threshold, 1.0, 0));
    }

    @Test
    void halfTheTpsIsARegressionAndTheLowerLatencyAnImprovement() {
        Comparison c = compare(run("a", TPS, P50, P99), run("b", times(TPS, 0.5), times(P50, 0.25), P99), 5);
        assertThat(c.verdict(Metric.TPS)).isEqualTo(Verdict.REGRESSED);
        assertThat(c.verdict(Metric.P50)).isEqualTo(Verdict.IMPROVED);
        assertThat(c.verdict(Metric.P99)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(c.any(Verdict.REGRESSED)).isTrue();
        MetricDelta tps = c.deltas().get(0);
        assertThat(tps.change()).isCloseTo(-50, within(1e-9));
        // Eight rounds a side, 3% apart: the 99% interval of the difference is a few percent wide.
        assertThat(tps.noise()).isBetween(1.0, 10.0);
        // Every round of one side below every round of the other (two rounds tie within a side, so the U
        // test's p is the normal approximation's, not the exact 2/12870).
        assertThat(tps.evidence().pValue()).isLessThan(0.001);
    }

    @Test
    void aSideAsAWholeTakesItsWorstMetricsVerdictAndOnlyARegressionFailsUnlessStrict() {
        Comparison mixed = compare(run("a", TPS, P50, P99), run("b", times(TPS, 0.5), times(P50, 0.25), P99), 5);
        assertThat(mixed.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(mixed.fails(false)).isTrue();
        Comparison faster = compare(run("a", TPS, P50, P99), run("b", TPS, times(P50, 0.25), P99), 5);
        assertThat(faster.verdict()).isEqualTo(Verdict.IMPROVED);
        assertThat(faster.fails(true)).isFalse();
        assertThat(compare(run("a", TPS, P50, P99), run("b", TPS, P50, P99), 5).verdict()).isEqualTo(Verdict.NO_CHANGE);
        double[] three = {1000, 1010, 990};
        Comparison few = compare(run("a", three, three, three), run("b", three, three, three), 5);
        assertThat(few.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(few.fails(false)).isFalse();
        assertThat(few.fails(true)).isTrue();
    }

    @Test
    void everyVerdictHasItsWordsAndOnlyARegressionOrAFailureFailsANight() {
        assertThat(Arrays.stream(Verdict.values()).map(Verdict::label)).containsExactly("improved", "regressed",
                "no change", "inconclusive", "first night", "not judged", "failed");
        assertThat(Arrays.stream(Verdict.values()).filter(v -> v.fails(false))).containsExactly(Verdict.REGRESSED,
                Verdict.FAILED);
        assertThat(Verdict.failing()).isEqualTo("regressed or failed");
    }

    @Test
    void theSameRoundsAreNoChange() {
        Comparison c = compare(run("a", TPS, P50, P99), run("b", TPS, P50, P99), 5);
        assertThat(c.deltas()).allMatch(d -> d.verdict() == Verdict.NO_CHANGE);
        assertThat(c.deltas().get(0).evidence().pValue()).isGreaterThan(0.9);
    }

    @Test
    void aSignificantChangeUnderTheThresholdIsNoChangeOnlyWhenItsIntervalIsUnderItToo() {
        // 6% less on rounds 3% apart: both tests find it, and its 99% interval is 6% +- 4.2%.
        RunResult slower = run("b", times(TPS, 0.94), P50, P99);
        Comparison at11 = compare(run("a", TPS, P50, P99), slower, 11);
        assertThat(at11.deltas().get(0).evidence().pValue()).isLessThan(0.01);
        assertThat(at11.deltas().get(0).noise()).isBetween(4.0, 4.5);
        assertThat(at11.verdict(Metric.TPS)).isEqualTo(Verdict.NO_CHANGE);
        // Under 7% but its interval reaches past 7%: neither shown within nor beyond.
        assertThat(compare(run("a", TPS, P50, P99), slower, 7).verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(compare(run("a", TPS, P50, P99), slower, 5).verdict(Metric.TPS)).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void subMillisecondLatencyMovesPassOnlyWithoutTheFloor() {
        double[] fast = {0.10, 0.12, 0.11, 0.12, 0.10, 0.11, 0.12, 0.11};
        RunResult a = run("a", TPS, fast, fast);
        RunResult b = run("b", TPS, times(fast, 4), times(fast, 4));
        Comparison floored = compare(a, b, 5);
        assertThat(floored.verdict(Metric.P50)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(floored.verdict(Metric.P99)).isEqualTo(Verdict.NO_CHANGE);
        Comparison unfloored = Comparison.of(side(a), side(b), rules(5, 0, 0));
        assertThat(unfloored.verdict(Metric.P99)).isEqualTo(Verdict.REGRESSED);
        Comparison slower = compare(run("a", TPS, P50, P99), run("b", TPS, times(P50, 4), times(P99, 4)), 5);
        assertThat(slower.verdict(Metric.P50)).isEqualTo(Verdict.REGRESSED);
        assertThat(slower.verdict(Metric.P99)).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void aChangeBeyondTheThresholdButWithinTheNoiseIsInconclusive() {
        double[] wild = {600, 1400, 700, 1300, 500, 1500, 800, 1200};
        Comparison c = compare(run("a", wild, P50, P99), run("b", times(wild, 0.9), P50, P99), 5);
        assertThat(c.deltas().get(0).change()).isCloseTo(-10, within(1e-9));
        assertThat(c.deltas().get(0).noise()).isGreaterThan(10);
        assertThat(c.verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(c.fails(false)).isFalse();
        assertThat(c.fails(true)).isTrue();
    }

    @Test
    void oneOutlyingRoundIsNoRegression() {
        // Seven rounds as the baseline's, one at a fifth: the mean drops 10%, the ranks barely move,
        // and the interval the dip widens reaches past the threshold: inconclusive, not "no change".
        double[] dip = TPS.clone();
        dip[3] = 200;
        Comparison c = compare(run("a", TPS, P50, P99), run("b", dip, P50, P99), 5);
        assertThat(c.deltas().get(0).change()).isLessThan(-9);
        assertThat(c.deltas().get(0).evidence().pValue()).isGreaterThan(0.01);
        assertThat(c.verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void failuresFromNoneToOnePercentRegressInPercentagePoints() {
        RunResult none = run("a", Runs.KNOBS, Map.of(), TPS, P50, P99, 0);
        RunResult some = run("b", Runs.KNOBS, Map.of(), TPS, P50, P99, 10);
        MetricDelta failures = compare(none, some, 5).deltas().get(4);
        assertThat(failures.metric()).isEqualTo(Metric.FAILURES);
        assertThat(failures.change()).isCloseTo(100.0 * 80 / (8000 + 80), within(1e-9));
        assertThat(failures.verdict()).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void tooFewRoundsAreInconclusiveWhateverTheValues() {
        double[] three = {1000, 1010, 990};
        double[] ms = {1, 1, 1};
        Comparison c = compare(run("a", three, ms, ms), run("b", times(three, 0.5), ms, ms), 5);
        assertThat(c.deltas()).allMatch(d -> d.verdict() == Verdict.INCONCLUSIVE);
        assertThat(RoundEvidence.roundsNeeded(0.05)).isEqualTo(4);
        assertThat(RoundEvidence.roundsNeeded(0.01)).isEqualTo(5);
        assertThat(RoundEvidence.roundsNeeded(0.001)).isEqualTo(7);
        // Three rounds against eight: 3 x 8 orderings are enough at 0.05 (least p 2/165), not at 0.01.
        assertThat(RoundEvidence.of(List.of(three), List.of(TPS), 0.05, 1, 0).enough()).isTrue();
        assertThat(RoundEvidence.of(List.of(three), List.of(TPS), 0.01, 1, 0).enough()).isFalse();
    }

    @Test
    void oneRunASideTakesTheSpreadBetweenRunsAsTheRoundsUnlessTold() {
        // 6% less on rounds 3% apart: the rounds alone call it certain; taken that identical runs also
        // differ as a whole by about what their rounds do (the default), it is within the noise, and the
        // noise is wider than the threshold: inconclusive.
        RunResult base = run("a", TPS, P50, P99);
        RunResult slower = run("b", times(TPS, 0.94), P50, P99);
        Comparison byDefault = Comparison.of(side(base), side(slower), CompareRules.defaults());
        assertThat(byDefault.deltas().get(0).evidence().betweenRunsSeen()).isFalse();
        assertThat(byDefault.verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(byDefault.deltas().get(0).noise()).isGreaterThan(6);
        assertThat(Comparison.of(side(base), side(slower), rules(5, 1, 0)).verdict(Metric.TPS))
                .isEqualTo(Verdict.REGRESSED);
        // Halved, it is a regression whatever is taken.
        assertThat(Comparison.of(side(base), side(run("c", times(TPS, 0.5), P50, P99)), CompareRules.defaults())
                .verdict(Metric.TPS)).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void twoRunsASideMeasureTheSpreadBetweenRuns() {
        double[] tight = {1000, 1005, 995, 1002, 998};
        double[] ms = {1, 1, 1, 1, 1};
        // Runs that agree with each other: the spread between them is measured near nothing, and 10% shows.
        Comparison agreeing = Comparison.of(side(run("a1", tight, ms, ms), run("a2", times(tight, 1.002), ms, ms)),
                side(run("b1", times(tight, 0.9), ms, ms), run("b2", times(tight, 0.901), ms, ms)),
                CompareRules.defaults());
        assertThat(agreeing.deltas().get(0).evidence().betweenRunsSeen()).isTrue();
        assertThat(agreeing.deltas().get(0).evidence().baselineRounds()).isEqualTo(10);
        assertThat(agreeing.verdict(Metric.TPS)).isEqualTo(Verdict.REGRESSED);
        // A baseline of two runs 20% apart: no 10% change can be told from it, however tight each run is,
        // and neither can none.
        Comparison apart = Comparison.of(side(run("a1", tight, ms, ms), run("a2", times(tight, 1.2), ms, ms)),
                side(run("b1", times(tight, 1.0), ms, ms), run("b2", times(tight, 1.0), ms, ms)),
                CompareRules.defaults());
        assertThat(apart.deltas().get(0).change()).isCloseTo(-9.09, within(0.01));
        assertThat(apart.verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(apart.deltas().get(0).whatWouldTell(CompareRules.defaults(), true)).endsWith("runs a side");
    }

    @Test
    void aSidesValueIsItsRunsFiguresNotARoundsOrTheRoundsMean() {
        RunResult a = run("a", TPS, P50, P99);
        assertThat(side(a).value(Metric.P99)).isEqualTo(a.figures().latency().p99Ms());
        assertThat(side(a).rounds(Metric.P99)).containsExactly(P99);
        assertThat(side(a, run("b", times(TPS, 2), P50, P99)).value(Metric.TPS))
                .isCloseTo(Arrays.stream(TPS).average().orElseThrow() * 1.5, within(1e-9));
    }

    /**
     * Three nights that spread by about 11% and a fourth at half their throughput: on the nights'
     * spread alone (2 degrees of freedom) the t test cannot tell at 0.01; with lab nightly's prior
     * (the calibrated between-run ratio, as if seen over 4 more nights) it can, and a night within
     * the spread is still no finding.
     */
    @Test
    void aPriorForTheRunsSpreadLetsThreeNightsShowAHalvingButNotTheirOwnSpread() {
        List<double[]> nights = List.of(new double[] {1000, 1040, 960, 1010, 990},
                new double[] {1130, 1170, 1090, 1140, 1120}, new double[] {900, 940, 860, 910, 890});
        List<double[]> halved = List.of(new double[] {500, 520, 480, 505, 495});
        assertThat(RoundEvidence.of(nights, halved, 0.01, 1, 0).pValue()).isGreaterThan(0.05);
        assertThat(RoundEvidence.of(nights, halved, 0.01, 1, 4).pValue()).isLessThan(0.002);
        assertThat(RoundEvidence.of(nights, List.of(new double[] {1080, 1120, 1040, 1090, 1070}), 0.01, 1, 4).pValue())
                .isGreaterThan(0.3);
    }
}
