package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Environment;
import io.benchlab.results.Memory;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.driver.RoundOutcome;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which round counts, and how the status and its cause are decided. */
class ResultAssemblerRulesTest {

    /** A round that committed {@code committed} transactions of 1 ms each in {@code seconds}. */
    static RoundOutcome round(int index, long committed, double seconds) {
        WorkerMetrics metrics = new WorkerMetrics();
        for (long i = 0; i < committed; i++) {
            metrics.committed(1_000_000L);
        }
        PhaseTotals totals = new PhaseTotals();
        metrics.drainInto(totals);
        return new RoundOutcome(index, seconds, totals, new Memory(1_000_000L, 2_000_000L));
    }

    static List<RoundOutcome> rounds(long... committedPerTenSeconds) {
        List<RoundOutcome> out = new ArrayList<>();
        for (int i = 0; i < committedPerTenSeconds.length; i++) {
            out.add(round(i + 1, committedPerTenSeconds[i], 10.0));
        }
        return out;
    }

    @Test
    void threeRoundsCountTheMedianTpsRound() {
        assertThat(ResultAssembler.countedRound(rounds(3000, 1000, 2000))).isEqualTo(3);
        assertThat(ResultAssembler.countedRound(rounds(2000, 3000, 1000))).isEqualTo(1);
        assertThat(ResultAssembler.countedRound(rounds(1000, 2000, 3000))).isEqualTo(2);
    }

    @Test
    void theMedianIsByTpsNotByCommittedCount() {
        // Round 1 committed most but over the longest time: 3000/30 s = 100 tps, the lowest.
        List<RoundOutcome> r = List.of(round(1, 3000, 30.0), round(2, 2000, 10.0), round(3, 1500, 10.0));
        assertThat(ResultAssembler.countedRound(r)).isEqualTo(3);
    }

    @Test
    void fourRoundsCountTheLowerMedian() {
        // Sorted by tps: 100 (r2), 200 (r4), 300 (r3), 400 (r1); the lower median is round 4.
        assertThat(ResultAssembler.countedRound(rounds(4000, 1000, 3000, 2000))).isEqualTo(4);
        assertThat(ResultAssembler.countedRound(rounds(1000, 2000, 3000, 4000))).isEqualTo(2);
    }

    @Test
    void oneRoundCountsItself() {
        assertThat(ResultAssembler.countedRound(rounds(500))).isEqualTo(1);
    }

    @Test
    void assembleMarksExactlyTheMedianRoundAndUsesItsFigures() {
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(4000, 1000, 3000, 2000)),
                okConsistency(), null));
        assertThat(r.rounds()).extracting(Round::counted).containsExactly(false, false, false, true);
        assertThat(r.figures()).isEqualTo(r.rounds().get(3).figures());
        assertThat(r.figures().committed()).isEqualTo(2000);
        assertThat(r.figures().tps()).isEqualTo(200.0);
    }

    @Test
    void everythingFineIsOkWithoutCause() {
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(100)), okConsistency(), null));
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.cause()).isNull();
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void interruptedBeatsFailed() {
        Consistency bad = notOkConsistency();
        RunResult r = ResultAssembler.assemble(parts(outcome(true, "client 0: 40001 boom", rounds(0)),
                bad, "SQLException: connection reset"));
        assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(r.cause()).startsWith("interrupted").contains("SQLException: connection reset");
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void interruptedWithoutErrorSaysInterrupted() {
        RunResult r = ResultAssembler.assemble(parts(outcome(true, null, rounds(50)), okConsistency(), null));
        assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(r.cause()).isNotBlank().startsWith("interrupted");
    }

    @Test
    void anErrorFailsTheRunWithThatCause() {
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(100)), okConsistency(),
                "IllegalStateException: client failed"));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).isEqualTo("IllegalStateException: client failed");
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void anErrorBeforeTheDriverFailsTheRunWithThatCause() {
        RunResult r = ResultAssembler.assemble(parts(null, null,
                "database inconsistent before the run: branches 1, tellers 0, accounts 0, history 0 (0 rows)"));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).startsWith("database inconsistent before the run");
        assertThat(r.figures()).isNull();
        assertThat(r.rounds()).isEmpty();
        assertThat(r.warmup()).isNull();
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void failedConsistencyFailsTheRunWithItsMessage() {
        Consistency bad = notOkConsistency();
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(100)), bad, null));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).isEqualTo("after-run check: " + bad.message());
        assertThat(r.consistency()).isEqualTo(bad);
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void nothingCommittedFailsTheRunAndNamesTheFirstFailure() {
        RunResult r = ResultAssembler.assemble(parts(outcome(false, "client 1: 08003 connection closed",
                rounds(0, 0)), okConsistency(), null));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).startsWith("measured run: no transaction committed")
                .contains("client 1: 08003 connection closed");
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void nothingCommittedWithoutAFirstFailureStillFails() {
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(0)), okConsistency(), null));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).isEqualTo("measured run: no transaction committed");
    }

    @Test
    void verdictComparesSumsAndHistoryRows() {
        Sums before = new Sums(10, 10, 10, 10, 3);
        assertThat(ConsistencyVerdict.judge(before, new Sums(25, 25, 25, 25, 8), 5, 0).ok()).isTrue();
        Consistency sumsOff = ConsistencyVerdict.judge(before, new Sums(26, 25, 25, 25, 8), 5, 0);
        assertThat(sumsOff.ok()).isFalse();
        assertThat(sumsOff.message()).contains("balance sums differ").contains("branches 26");
        Consistency countOff = ConsistencyVerdict.judge(before, new Sums(25, 25, 25, 25, 8), 6, 0);
        assertThat(countOff.ok()).isFalse();
        assertThat(countOff.historyRowsAdded()).isEqualTo(5);
        assertThat(countOff.message()).contains("(6)").contains("(5)");
    }

    static DriverOutcome outcome(boolean interrupted, String firstError, List<RoundOutcome> rounds) {
        return new DriverOutcome(0.0, 0, 0, 0, rounds, List.of(), interrupted, firstError, 0, new PartialLedger());
    }

    static Consistency okConsistency() {
        return ConsistencyVerdict.judge(new Sums(0, 0, 0, 0, 0), new Sums(7, 7, 7, 7, 1), 1, 0);
    }

    static Consistency notOkConsistency() {
        return ConsistencyVerdict.judge(new Sums(0, 0, 0, 0, 0), new Sums(8, 7, 7, 7, 1), 1, 0);
    }

    static ResultAssembler.Parts parts(DriverOutcome driver, Consistency consistency, String error) {
        WorkloadConfig config = GoldenResultTest.config();
        return new ResultAssembler.Parts("rules-test",
                new Timestamps("2025-03-01T09:00:00Z", driver == null ? null : "2025-03-01T09:00:01Z",
                        "2025-03-01T09:00:11Z"),
                config,
                new EngineInfo("h2", "memory", "H2", "2.3.232", "H2 JDBC Driver 2.3.232", "jdbc:h2:mem:x", Map.of()),
                new Environment("0.1.0-SNAPSHOT", "unknown", "jvm", "vendor", "Linux", "amd64", "cpu", 2, 1L << 30,
                        "host", List.of(), null, null),
                Placement.of("embedded"), null, driver, consistency, error);
    }
}
