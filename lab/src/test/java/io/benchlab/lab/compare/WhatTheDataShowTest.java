package io.benchlab.lab.compare;

import static io.benchlab.lab.compare.Runs.run;
import static io.benchlab.lab.compare.Runs.side;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The verdict as a pure function of the change, its interval and the margin, and what would make an
 * inconclusive one conclusive: given p-values and half-widths, no rounds drawn, so nothing here
 * can fail by chance. Defaults: alpha 0.01, threshold 5%, latency floor 1 ms, failures 0.1 points.
 */
class WhatTheDataShowTest {

    private static final CompareRules RULES = CompareRules.defaults();

    private static RoundEvidence evidence(double p, double halfWidth, Precision precision) {
        return new RoundEvidence(5, 5, p, halfWidth, 5, true, false, precision);
    }

    private static Verdict verdict(Metric m, double base, double value, double p, double halfWidth) {
        return MetricDelta.verdict(m, base, value, evidence(p, halfWidth, null), RULES);
    }

    @Test
    void noChangeOnlyWhenTheWholeIntervalLiesWithinTheThreshold() {
        // -2% of 1000 against a margin of 50: the interval's far end is 20 + the half-width.
        assertThat(verdict(Metric.TPS, 1000, 980, 0.5, 30)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(verdict(Metric.TPS, 1000, 980, 0.5, 31)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(verdict(Metric.TPS, 1000, 1020, 0.5, 30)).isEqualTo(Verdict.NO_CHANGE);
        // Found by both tests but under the threshold: no change only when its interval is under it too.
        assertThat(verdict(Metric.TPS, 1000, 960, 0.001, 10)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(verdict(Metric.TPS, 1000, 960, 0.001, 20)).isEqualTo(Verdict.INCONCLUSIVE);
    }

    @Test
    void issue31sPreparedAgainstDirectStatementsIsNoLongerNoChange() {
        // -33.1% +- 33.7% at p 0.011: an interval from -67% to +1% was called "no change".
        assertThat(verdict(Metric.TPS, 1923.6, 1287.0, 0.011, 0.337 * 1923.6)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(verdict(Metric.TPS, 1000, 607, 0.0079, 231)).isEqualTo(Verdict.REGRESSED);
        // The rounds the issue quotes, one run a side at the defaults: the row docs/analysis/compare.md shows.
        double[] ms = {1, 1, 1, 1, 1};
        Comparison c = Comparison.of(side(run("a", new double[] {1769, 1862, 2050, 1920, 2017}, ms, ms)),
                side(run("b", new double[] {1081, 1237, 1325, 1363, 1429}, ms, ms)), RULES);
        assertThat(ComparisonTable.format(c, RULES, List.of(), List.of())).contains(
                "tps                1923.6       1287.0     -33.1%     ±33.7%   0.0110   inconclusive: about 6 rounds a run\n");
    }

    @Test
    void improvedAndRegressedKeepTheirRules() {
        // Both tests at alpha and beyond the margin, however wide the interval.
        assertThat(verdict(Metric.TPS, 1000, 700, 0.0079, 267)).isEqualTo(Verdict.REGRESSED);
        assertThat(verdict(Metric.TPS, 1000, 1300, 0.0079, 267)).isEqualTo(Verdict.IMPROVED);
        assertThat(verdict(Metric.P99, 10, 13, 0.001, 2)).isEqualTo(Verdict.REGRESSED);
        assertThat(verdict(Metric.TPS, 1000, 700, 0.0101, 267)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(verdict(Metric.TPS, 1000, 951, 0.0001, 1)).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void latenciesUseTheFloorAndFailuresTheirPointsAsTheMargin() {
        // p99 0.5 ms -> 0.6 ms is +20%, but within the 1 ms floor interval and all.
        assertThat(verdict(Metric.P99, 0.5, 0.6, 0.2, 0.3)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(verdict(Metric.P99, 10, 10.2, 0.5, 0.8)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(verdict(Metric.P99, 10, 10.2, 0.5, 0.9)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(verdict(Metric.FAILURES, 0, 0.05, 0.5, 0.04)).isEqualTo(Verdict.NO_CHANGE);
        assertThat(verdict(Metric.FAILURES, 0, 0.05, 0.5, 0.06)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(verdict(Metric.FAILURES, 0, 0, 1, 0)).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void tooFewRoundsSayHowManyTheTestsNeed() {
        RoundEvidence few = new RoundEvidence(3, 3, Double.NaN, Double.NaN, 5, false, false, null);
        MetricDelta d = new MetricDelta(Metric.TPS, 1000, 500, few,
                MetricDelta.verdict(Metric.TPS, 1000, 500, few, RULES));
        assertThat(d.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(d.whatWouldTell(RULES, true)).isEqualTo("at least 5 rounds a side");
    }

    /**
     * One run a side, the between-run variance taken as the within-run one (100 each), 5 rounds: k
     * runs a side give df 2k - 2 and a half-width of t(0.995, 2k - 2) * sqrt(2 (100 + 100 / 5) / k):
     * 108.7 at 2, 41.2 at 3, 28.7 at 4. More rounds leave at least t * sqrt(200) > 36 however many.
     */
    @Test
    void withOneRunASideRoundsCannotNarrowTheBetweenRunPartSoItSaysRuns() {
        Precision p = new Precision(100, 100, 1, 1, 5, 0, 0.01);
        Precision.Needed n = p.needed(30, true);
        assertThat(n).isEqualTo(new Precision.Needed(4, 5, true));
        assertThat(n.words()).isEqualTo("about 4 runs a side");
        assertThat(p.halfWidth(3, 3, 5)).isCloseTo(41.2, within(0.1));
        assertThat(p.halfWidth(4, 4, 5)).isCloseTo(28.7, within(0.1));
        assertThat(p.halfWidth(1, 1, Precision.MOST_ROUNDS)).isGreaterThan(36);
        // A night is one run: rounds alone cannot, and nothing is promised.
        assertThat(p.needed(30, false)).isNull();
    }

    /**
     * No between-run variance: 16 rounds a run (half-width 9.7 at df 30) take fewer rounds a side
     * than 5 runs of 5 (9.5 at df 8, 25 rounds), so rounds it is.
     */
    @Test
    void withoutBetweenRunNoiseRoundsAreTheCheaperWay() {
        Precision p = new Precision(100, 0, 1, 1, 5, 0, 0.01);
        assertThat(p.needed(10, true)).isEqualTo(new Precision.Needed(1, 16, false));
        assertThat(p.needed(10, true).words()).isEqualTo("about 16 rounds a run");
        assertThat(p.halfWidth(1, 1, 15)).isGreaterThan(10);
        assertThat(p.halfWidth(5, 5, 5)).isLessThan(10);
        assertThat(p.halfWidth(4, 4, 5)).isGreaterThan(10);
    }

    @Test
    void theFigureAimsInsideTheMarginForASmallChangeAndPastZeroForALargeOne() {
        Precision noisy = new Precision(100, 100, 1, 1, 5, 0, 0.01);
        // -2% of 1000: within a 50 margin once the half-width is at most 30, as above.
        assertThat(delta(1000, 980, noisy).whatWouldTell(RULES, true)).isEqualTo("about 4 runs a side");
        // -35% on a hundred times the variance: found once the half-width is under 350. At 5 rounds it
        // is 520, and more rounds never take it under 2.576 * sqrt(2 * 10000) = 364; 4 runs a side do (287).
        Precision wild = new Precision(10000, 10000, 1, 1, 5, 0, 0.01);
        assertThat(wild.needed(350, false)).isNull();
        assertThat(delta(1000, 650, wild).whatWouldTell(RULES, true)).isEqualTo("about 4 runs a side");
        // -40%: 17 rounds a run (398) take fewer rounds a side than 4 runs of 5: the t test's degrees of
        // freedom grow with the rounds when one run a side cannot show its own spread.
        assertThat(delta(1000, 600, wild).whatWouldTell(RULES, true)).isEqualTo("about 17 rounds a run");
        // -4.9%: the interval would have to be 1 wide: no number of runs a side shows it.
        assertThat(delta(1000, 951, noisy).whatWouldTell(RULES, true)).isEqualTo("more than 100 runs a side");
        assertThat(delta(1000, 951, noisy).whatWouldTell(RULES, false))
                .isEqualTo("no number of rounds a run; the runs themselves vary too much");
    }

    /** The projection at the sides' own runs and rounds is the interval RoundEvidence printed. */
    @Test
    void theProjectionAtTheSidesOwnSizeIsTheIntervalOfTheRounds() {
        double[] a = {1000, 1040, 980, 1020, 960};
        double[] b = {900, 950, 940, 910, 930};
        RoundEvidence one = RoundEvidence.of(List.of(a), List.of(b), 0.01, 1, 0);
        assertThat(one.precision().halfWidth(1, 1, 5)).isCloseTo(one.halfWidth(), within(1e-9));
        double[] c = {990, 1010, 1000, 1030, 970};
        double[] d = {880, 930, 905, 915, 925};
        RoundEvidence two = RoundEvidence.of(List.of(a, c), List.of(b, d), 0.01, 1, 4);
        assertThat(two.betweenRunsSeen()).isTrue();
        assertThat(two.precision().halfWidth(2, 2, 5)).isCloseTo(two.halfWidth(), within(1e-9));
        // And a table row says it after the verdict.
        Comparison wide = Comparison.of(side(run("a", Runs.times(TPS8, 1), MS8, MS8)),
                side(run("b", Runs.times(TPS8, 0.98), MS8, MS8)), RULES);
        assertThat(wide.verdict(Metric.TPS)).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(ComparisonTable.format(wide, RULES, List.of(), List.of()))
                .containsPattern("tps .* inconclusive: about \\d+ runs a side\n");
    }

    private static final double[] TPS8 = {1000, 1040, 980, 1020, 960, 1000, 1030, 970};
    private static final double[] MS8 = {2.0, 2.1, 1.9, 2.0, 2.1, 1.9, 2.0, 2.0};

    private static MetricDelta delta(double base, double value, Precision precision) {
        RoundEvidence e = evidence(0.5, precision.halfWidth(1, 1, precision.rounds()), precision);
        return new MetricDelta(Metric.TPS, base, value, e, MetricDelta.verdict(Metric.TPS, base, value, e, RULES));
    }
}
