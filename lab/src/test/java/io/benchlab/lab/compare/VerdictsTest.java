package io.benchlab.lab.compare;

import static io.benchlab.lab.compare.Runs.compared;
import static io.benchlab.lab.compare.Runs.run;
import static io.benchlab.lab.compare.Runs.times;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.Figures;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Verdicts per metric on fixed samples: a change counts only beyond both its noise bound and the threshold. */
class VerdictsTest {

    private static final double[] TPS = {1000, 1040, 980, 1020, 960, 1000, 1030, 970};
    private static final double[] P50 = {2.0, 2.1, 1.9, 2.0, 2.1, 1.9, 2.0, 2.0};
    private static final double[] P99 = {9.0, 11.0, 10.0, 9.5, 10.5, 10.0, 9.0, 11.0};

    private static Comparison compare(RunResult base, RunResult other, double threshold) {
        return Comparison.of(compared(base), compared(other), threshold);
    }

    @Test
    void halfTheTpsIsARegressionAndTheLowerLatencyAnImprovement() {
        Comparison c = compare(run("a", TPS, P50, P99), run("b", times(TPS, 0.5), times(P50, 0.25), P99), 5);
        assertThat(c.verdict("tps")).isEqualTo(Verdict.REGRESSED);
        assertThat(c.verdict("p50 ms")).isEqualTo(Verdict.IMPROVED);
        assertThat(c.verdict("p99 ms")).isEqualTo(Verdict.NO_CHANGE);
        assertThat(c.regressed()).isTrue();
        MetricDelta tps = c.deltas().get(0);
        assertThat(tps.change()).isCloseTo(-50, within(1e-9));
        // tps noise: the interval samples' 95% interval, 1000 x 0.5 around 500 -> well under the 50% drop
        assertThat(tps.noiseInChangeUnits()).isBetween(1.0, 10.0);
    }

    @Test
    void theSameSamplesAreNoChange() {
        Comparison c = compare(run("a", TPS, P50, P99), run("b", TPS, P50, P99), 5);
        assertThat(c.deltas()).allMatch(d -> d.verdict() == Verdict.NO_CHANGE);
        assertThat(c.regressed()).isFalse();
    }

    @Test
    void aChangeBeyondTheNoiseButUnderTheThresholdIsNoChange() {
        // 4% less on samples whose spread is about 3%: beyond the noise bound (about 2.5%), under 5%
        RunResult slower = run("b", times(TPS, 0.96), P50, P99);
        Comparison at5 = compare(run("a", TPS, P50, P99), slower, 5);
        assertThat(at5.deltas().get(0).noiseInChangeUnits()).isLessThan(4);
        assertThat(at5.verdict("tps")).isEqualTo(Verdict.NO_CHANGE);
        assertThat(compare(run("a", TPS, P50, P99), slower, 1).verdict("tps")).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void subMillisecondLatencyMovesAreNoChangeButMillisecondsAreNot() {
        double[] fast = {0.10, 0.12, 0.11, 0.12, 0.10, 0.11, 0.12, 0.11};
        Comparison jitter = compare(run("a", TPS, fast, fast), run("b", TPS, times(fast, 4), times(fast, 4)), 5);
        assertThat(jitter.verdict("p50 ms")).isEqualTo(Verdict.NO_CHANGE);
        assertThat(jitter.verdict("p99 ms")).isEqualTo(Verdict.NO_CHANGE);
        Comparison slower = compare(run("a", TPS, P50, P99), run("b", TPS, times(P50, 4), times(P99, 4)), 5);
        assertThat(slower.verdict("p50 ms")).isEqualTo(Verdict.REGRESSED);
        assertThat(slower.verdict("p99 ms")).isEqualTo(Verdict.REGRESSED);
    }

    @Test
    void aChangeBeyondTheThresholdButWithinTheNoiseIsNoChange() {
        double[] wild = {600, 1400, 700, 1300, 500, 1500, 800, 1200};
        Comparison c = compare(run("a", wild, P50, P99), run("b", times(wild, 0.9), P50, P99), 5);
        assertThat(c.deltas().get(0).change()).isCloseTo(-10, within(1e-9));
        assertThat(c.deltas().get(0).noiseInChangeUnits()).isGreaterThan(10);
        assertThat(c.verdict("tps")).isEqualTo(Verdict.NO_CHANGE);
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
    void roundsThatDisagreeWidenTheBound() {
        RunResult base = withRounds(run("a", TPS, P50, P99), 800, 1000, 1200);
        RunResult other = withRounds(run("b", times(TPS, 0.85), P50, P99), 680, 850, 1020);
        Comparison c = compare(base, other, 5);
        // the intervals alone say about 3%; three rounds 20% apart say far more
        assertThat(c.deltas().get(0).noiseInChangeUnits()).isGreaterThan(15);
        assertThat(c.verdict("tps")).isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void p95TakesP99sRelativeBoundWhenTheIntervalsHaveNoP95() {
        // the fixture's p99 figure is its samples' mean, so both relative bounds are the same
        Comparison c = compare(run("a", TPS, P50, P99), run("b", TPS, P50, P99), 5);
        assertThat(c.deltas().get(3).noiseInChangeUnits()).isPositive();
        assertThat(c.deltas().get(2).noiseInChangeUnits())
                .isCloseTo(c.deltas().get(3).noiseInChangeUnits(), within(1e-9));
    }

    private static RunResult withRounds(RunResult r, double... tps) {
        List<Round> rounds = new java.util.ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            Figures f = r.figures();
            rounds.add(new Round(i + 1, i == 1, new Figures(f.seconds(), f.committed(), f.failed(), 0, 0, tps[i],
                    Map.of(), f.latency(), null, Map.of(), null, null)));
        }
        return new RunResult(r.schemaVersion(), r.runId(), r.status(), r.cause(), r.warnings(), r.timestamps(),
                r.knobs(), r.engine(), r.environment(), r.placement(), r.load(), r.warmup(), r.figures(), rounds,
                r.intervals(), r.consistency());
    }
}
