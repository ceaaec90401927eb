package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.Consistency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Memory;
import io.benchlab.results.Warning;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.driver.RoundOutcome;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Each warning from what a run measured: its code, its figure, and a sentence with the times. */
class WarningsTest {

    /** Four clients on four branches, at {@code rate} (null: full speed). */
    static WorkloadConfig config(Double rate) {
        return config(4, 4, false, rate);
    }

    static WorkloadConfig config(int scale, int clients, boolean selectOnly, Double rate) {
        return new TestWorkload().scale(scale).clients(clients).duration(Duration.ofSeconds(10)).warmup(Duration.ZERO)
                .set("rateTps", rate).seed(1).set("selectOnly", selectOnly).serverStats(WorkloadConfig.Sampling.OFF)
                .build();
    }

    /** A round recorded through the real metrics: commits, failures, exhausted retries, timeouts, missed starts. */
    static RoundOutcome round(double seconds, long committed, long failed, long exhausted, long timeouts, long missed) {
        WorkerMetrics m = new WorkerMetrics();
        for (long i = 0; i < committed; i++) {
            m.committed(1_000_000);
        }
        for (long i = 0; i < failed; i++) {
            String cause = i < timeouts ? WorkerMetrics.TIMEOUT : WorkerMetrics.causeOf("40001");
            m.failed(cause, 2_000_000, i >= timeouts && i - timeouts < exhausted);
        }
        m.missedStarts(missed);
        PhaseTotals totals = new PhaseTotals();
        m.drainInto(totals);
        return new RoundOutcome(1, seconds, totals, new Memory(1, 2L));
    }

    static IntervalPoint point(double t, double seconds, long committed, long reconnects) {
        return IntervalPoint.of(1, t, seconds).committed(committed).tps(committed / seconds)
                .latencyMs(1, 1.5, 1.8, 2, 2.5, 3).reconnects(reconnects).build();
    }

    static List<IntervalPoint> steady(int n) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            points.add(point(i, 1.0, 100, 0));
        }
        return points;
    }

    /** Every code the result schema allows a warning: one Warnings makes and the schema refuses fails here, not in an IT. */
    private static final List<String> SCHEMA_CODES = schemaCodes();

    private static List<String> schemaCodes() {
        try (var in = WarningsTest.class.getClassLoader().getResourceAsStream("io/benchlab/results/run-result.schema.json")) {
            List<String> codes = new ArrayList<>();
            new com.fasterxml.jackson.databind.ObjectMapper().readTree(in).path("$defs").path("warning").path("properties")
                    .path("code").path("enum").forEach(c -> codes.add(c.asText()));
            return codes;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static Map<String, Warning> warnings(WorkloadConfig c, RoundOutcome round, List<IntervalPoint> intervals,
                                         Consistency consistency) {
        DriverOutcome d = new DriverOutcome(0, null, 0, 0, 0, List.of(round), intervals, false, null, 0, new PartialLedger());
        Map<String, Warning> found = Warnings.of(c, d, consistency).stream().collect(Collectors.toMap(Warning::code, w -> w));
        assertThat(SCHEMA_CODES).as("the result schema's warning codes").containsAll(found.keySet());
        return found;
    }

    @Test
    void aHealthyRunHasNone() {
        assertThat(warnings(config(null), round(10, 1000, 5, 0, 0, 0), steady(10), null)).isEmpty();
    }

    @Test
    void moreClientsThanBranchesSayTheyQueueOnTheBranchRows() {
        Map<String, Warning> w = warnings(config(2, 8, false, null), round(10, 1000, 5, 0, 0, 0), steady(10), null);
        assertThat(w).containsOnlyKeys("branch_contention");
        assertThat(w.get("branch_contention").figure()).as("clients per branch").isEqualTo(4.0);
        assertThat(w.get("branch_contention").message()).contains("8 clients on 2 branch row(s)", "--scale 8");
        assertThat(warnings(config(8, 8, false, null), round(10, 1000, 5, 0, 0, 0), steady(10), null))
                .as("one branch per client").isEmpty();
        assertThat(warnings(config(1, 8, true, null), round(10, 1000, 0, 0, 0, 0), steady(10), null))
                .as("select-only takes no row locks").isEmpty();
    }

    @Test
    void failuresAboveTheThresholdExhaustedRetriesAndTimeoutsEachSaySo() {
        Map<String, Warning> w = warnings(config(null), round(10, 520, 480, 300, 20, 0), steady(10), null);
        assertThat(w).containsOnlyKeys("failure_ratio", "exhausted_retries", "statement_timeouts");
        assertThat(w.get("failure_ratio").figure()).isEqualTo(0.48);
        assertThat(w.get("failure_ratio").message()).isEqualTo(
                "48.0% of the measured transactions failed for good (480 of 1000), above the 1% threshold");
        assertThat(w.get("exhausted_retries").figure()).isEqualTo(300);
        assertThat(w.get("statement_timeouts").figure()).isEqualTo(20);
    }

    @Test
    void timeAtZeroTpsIsListedAsSpansWithTheReconnects() {
        List<IntervalPoint> points = steady(2);
        points.add(point(3, 1.0, 0, 0));
        points.add(point(4, 1.0, 0, 0));
        points.add(point(5, 1.0, 40, 8));
        points.add(point(6, 1.0, 100, 0));
        points.add(point(7, 1.0, 0, 0));
        points.add(point(8, 1.0, 90, 2));
        Map<String, Warning> w = warnings(config(null), round(8, 430, 0, 0, 0, 0), points, null);
        assertThat(w).containsOnlyKeys("zero_tps", "reconnects");
        assertThat(w.get("zero_tps").figure()).isEqualTo(3.0);
        assertThat(w.get("zero_tps").message()).isEqualTo(
                "3.0 s of the measured phase passed without a commit: round 1 2.0-4.0 s, round 1 6.0-7.0 s");
        assertThat(w.get("reconnects").figure()).isEqualTo(10);
        assertThat(w.get("reconnects").message()).isEqualTo("clients lost their connection and reconnected 10 time(s):"
                + " 8 in round 1 at 4.0-5.0 s, 2 in round 1 at 7.0-8.0 s");
    }

    /** Under a low rate an interval may hold no commit by schedule: that is not a stall. */
    @Test
    void aLowRateLeavesEmptyIntervalsWithoutAWarning() {
        List<IntervalPoint> points = List.of(point(1, 1.0, 1, 0), point(2, 1.0, 0, 0), point(3, 1.0, 1, 0));
        assertThat(warnings(config(1.5), round(3, 2, 0, 0, 0, 0), points, null)).isEmpty();
    }

    @Test
    void aMissedRateGivesTheAchievedRateAndTheStartsThatNeverCame() {
        Map<String, Warning> w = warnings(config(2000.0), round(10.5, 12_000, 0, 0, 0, 8_000), steady(10), null);
        assertThat(w).containsOnlyKeys("rate_missed");
        assertThat(w.get("rate_missed").figure()).isEqualTo(1142.9);
        assertThat(w.get("rate_missed").message()).isEqualTo("the target of 2000.0 tps was not met: 1142.9 tps"
                + " achieved, 8000 of 20000 scheduled transactions never started");
    }

    /** A ramp's missed starts, and where the achieved rate first fell a tenth below the offered one. */
    @Test
    void aMissedRampSaysWhereTheAchievedRateFellBehind() {
        WorkloadConfig ramp = new TestWorkload().scale(4).clients(4).duration(Duration.ofSeconds(10))
                .warmup(Duration.ZERO).set("rateRamp", "100..300").seed(1).serverStats(WorkloadConfig.Sampling.OFF)
                .build();
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 1; i <= 10; i++) {
            double offered = 100 + 20 * (i - 0.5);
            long committed = (long) Math.min(offered, 200);
            points.add(IntervalPoint.of(1, i, 1.0).committed(committed).tps(committed).offeredTps(offered).build());
        }
        Map<String, Warning> w = warnings(ramp, round(10.5, 1_800, 0, 0, 0, 200), points, null);
        assertThat(w).containsOnlyKeys("rate_missed");
        assertThat(w.get("rate_missed").figure()).as("the offered rate there").isEqualTo(230.0);
        assertThat(w.get("rate_missed").message()).isEqualTo("the ramp 100..300 tps was not met: 200 of 2000"
                + " scheduled transactions never started; the achieved rate first fell 10% below the offered one at"
                + " 7.0 s, offered 230.0 tps, achieved 200.0");
    }

    @Test
    void intervalsMuchLongerThanAskedForAreGaps() {
        List<IntervalPoint> points = steady(3);
        points.add(point(7.5, 4.5, 300, 0));
        Map<String, Warning> w = warnings(config(null), round(7.5, 600, 0, 0, 0, 0), points, null);
        assertThat(w).containsOnlyKeys("interval_gaps");
        assertThat(w.get("interval_gaps").figure()).isEqualTo(4.5);
        assertThat(w.get("interval_gaps").message())
                .isEqualTo("the interval series has gaps: 1 interval(s) longer than 2.0 s: 4.5 s in round 1 at 7.5 s");
    }

    /** A round with the process's and the JIT's CPU in it, as the driver reads them. */
    static RoundOutcome compiling(double cpu, double jit) {
        return compiling(10, cpu, jit);
    }

    /** The same, over a round of SECONDS. */
    static RoundOutcome compiling(double seconds, double cpu, double jit) {
        RoundOutcome r = round(seconds, 1000, 0, 0, 0, 0);
        return new RoundOutcome(1, r.seconds(), r.totals(), r.memory(), cpu, jit);
    }

    static Map<String, Warning> warnings(RoundOutcome round, List<IntervalPoint> intervals, double warmup,
                                         String ended) {
        DriverOutcome d = new DriverOutcome(warmup, ended, 0, 0, 0, List.of(round), intervals, false, null, 0,
                new PartialLedger());
        return Warnings.of(config(null), d, null).stream().collect(Collectors.toMap(Warning::code, w -> w));
    }

    @Test
    void aMeasuredPhaseThatStillCompiledMoreThanTwoPercentSaysShareSecondsAndTheWarmUp() {
        Map<String, Warning> w = warnings(compiling(20.0, 0.9), steady(10), 0.5, "explicit");
        assertThat(w).containsOnlyKeys("jit_compiling");
        assertThat(w.get("jit_compiling").figure()).isEqualTo(0.045);
        assertThat(w.get("jit_compiling").message()).isEqualTo("the JIT compiler took 4.5% of the client's CPU in the"
                + " measured phase (0.90 s of 20.00 s), above 2%: the client was still compiling, after the 0.5 s"
                + " --warmup given (leave it out to warm up until the client is warm)");
        assertThat(warnings(compiling(20.0, 0.9), steady(10), 17.25, "settled").get("jit_compiling").message())
                .endsWith("after a 17.3 s warm-up (settled; give a longer --warmup)");
        assertThat(warnings(compiling(20.0, 0.4), steady(10), 0, "explicit")).as("2.0%: at the line").isEmpty();
        assertThat(warnings(compiling(1, 2.0, 0.09), steady(1), 0, "explicit"))
                .as("4.5% of two cores' 1 s, but 9 ticks of /proc: too few to judge").isEmpty();
        assertThat(warnings(round(10, 1000, 0, 0, 0, 0), steady(10), 0, "explicit")).as("no /proc").isEmpty();
    }

    @Test
    void aClientOnLessThanACoreIsJudgedAgainstOneCore() {
        // The headline docker run's client: 0.25 of a core, and the runner's own sampling compiled 0.15 s.
        assertThat(warnings(compiling(2.5, 0.15), steady(10), 40, "settled")).as("6% of its CPU, 1.5% of a core")
                .isEmpty();
        Map<String, Warning> w = warnings(compiling(2.5, 0.3), steady(10), 40, "settled");
        assertThat(w.get("jit_compiling").figure()).isEqualTo(0.03);
        assertThat(w.get("jit_compiling").message()).isEqualTo("the JIT compiler took 3.0% of a core over the"
                + " measured phase (0.30 s in 10.0 s, the client using 2.50 s of CPU), above 2%: the client was still"
                + " compiling, after a 40.0 s warm-up (settled; give a longer --warmup)");
    }

    /** Intervals of 1 s whose tps goes from FIRST to LAST in N steps, each off by a fixed ±JITTER in turn. */
    static List<IntervalPoint> ramp(int n, double first, double last, double jitter) {
        List<IntervalPoint> points = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long committed = Math.round(first + (last - first) * i / (n - 1) + (i % 2 == 0 ? jitter : -jitter));
            points.add(point(i + 1, 1.0, committed, 0));
        }
        return points;
    }

    @Test
    void tpsThatClimbsThroughTheMeasuredPhaseIsATrendNamingItsSizeItsTestAndTheRounds() {
        Map<String, Warning> w = warnings(round(10, 1000, 0, 0, 0, 0), ramp(20, 1000, 1300, 20), 5.0, "bound");
        assertThat(w).containsOnlyKeys("tps_trend");
        assertThat(w.get("tps_trend").figure()).isBetween(0.25, 0.27);
        assertThat(w.get("tps_trend").message()).matches("tps rose 2[56]\\.\\d% through the measured phase \\(Mann-Kendall"
                + " z [4-9]\\.\\d over 20 intervals, p < 0\\.001; rounds 100 tps\\): not one steady state, after a 5\\.0 s"
                + " warm-up \\(bound; give a longer --warmup\\)");
        assertThat(warnings(round(10, 1000, 0, 0, 0, 0), ramp(20, 1300, 1000, 20), 5.0, "bound")
                .get("tps_trend").figure()).as("a fall").isNegative();
    }

    @Test
    void aTrendTooSmallTooShortOrUnderARateIsNone() {
        assertThat(warnings(round(10, 1000, 0, 0, 0, 0), ramp(30, 1000, 1030, 2), 5.0, "settled"))
                .as("3%: below the 5% that counts, however clear").isEmpty();
        assertThat(warnings(round(9, 1000, 0, 0, 0, 0), ramp(9, 1000, 1500, 0), 5.0, "settled"))
                .as("9 intervals").isEmpty();
        DriverOutcome d = new DriverOutcome(5, "settled", 0, 0, 0, List.of(round(20, 24_000, 0, 0, 0, 0)),
                ramp(20, 1000, 1400, 0), false, null, 0, new PartialLedger());
        assertThat(Warnings.of(config(2000.0), d, null)).extracting(Warning::code).doesNotContain("tps_trend");
    }

    @Test
    void partlyAppliedAutocommitTransactionsAreAWarningEvenWhenTheCheckPasses() {
        PartialLedger ledger = new PartialLedger();
        ledger.abandoned(List.of(Step.UPDATE_ACCOUNT), Step.SELECT_ACCOUNT, false, 3);
        Consistency c = ConsistencyVerdict.judge(new Sums(0, 0, 0, 0, 0), new Sums(10, 10, 13, 10, 2), 2, 0, ledger);
        assertThat(c.ok()).isTrue();
        Map<String, Warning> w = warnings(config(null), round(10, 1000, 0, 0, 0, 0), steady(10), c);
        assertThat(w).containsOnlyKeys("partial_transactions");
        assertThat(w.get("partial_transactions").figure()).isEqualTo(1);
    }

    @Test
    void aServerCountOfCommitsThatDisagreesIsAWarningNamingBoth() {
        Consistency c = ConsistencyVerdict.judge(new Sums(0, 0, 0, 0, 0), new Sums(10, 10, 10, 10, 2), 2, 0,
                new PartialLedger());
        Map<String, Warning> agreeing = warnings(config(null), round(10, 1000, 0, 0, 0, 0), steady(10),
                c.withServerCommits(CommitClosure.judge("Com_commit", 2, 2, 0, 0)));
        assertThat(agreeing).isEmpty();
        Map<String, Warning> w = warnings(config(null), round(10, 1000, 0, 0, 0, 0), steady(10),
                c.withServerCommits(CommitClosure.judge("Com_commit", 2, 7, 0, 0)));
        assertThat(w).containsOnlyKeys("commits_disagree");
        assertThat(w.get("commits_disagree").figure()).isEqualTo(5);
        assertThat(w.get("commits_disagree").message()).contains("the server counted 7 commits (Com_commit), the clients 2");
    }
}
