package io.benchlab.runner.run;

import io.benchlab.runner.workload.tpcb.WorkloadConfig;
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

/** What the run's figures are made of, and how the status and its cause are decided. */
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
    void theRunsFiguresAreAllRoundsTogether() {
        // 4000, 1000, 3000 and 2000 committed in 10 s each: 10000 in 40 s, 250 tps, whatever the median round.
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, rounds(4000, 1000, 3000, 2000)),
                okConsistency(), null));
        assertThat(r.rounds()).extracting(Round::index).containsExactly(1, 2, 3, 4);
        assertThat(r.rounds()).extracting(x -> x.figures().committed()).containsExactly(4000L, 1000L, 3000L, 2000L);
        assertThat(r.figures().committed()).isEqualTo(10_000);
        assertThat(r.figures().seconds()).isEqualTo(40.0);
        assertThat(r.figures().tps()).isEqualTo(250.0);
        assertThat(r.figures().latency().count()).isEqualTo(10_000);
        assertThat(ResultValidator.validate(r)).isEmpty();
    }

    @Test
    void tpsIsOverTheRoundsSummedTimeNotTheMeanOfTheirRates() {
        // 3000 in 30 s and 1000 in 10 s: 4000 in 40 s is 100 tps (the mean of the rates, 100 and 100, agrees;
        // 3000 in 10 s and 1000 in 30 s would not: 4000 in 40 s, against a mean rate of 166.7).
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null,
                List.of(round(1, 3000, 10.0), round(2, 1000, 30.0))), okConsistency(), null));
        assertThat(r.figures().tps()).isEqualTo(100.0);
    }

    @Test
    void theRunsTailIsTheMergedHistogramsNotOneRounds() {
        // Round 1: 1000 fast transactions (1 ms); round 2: 1000, of which 30 take 50 ms. Round 1's p99 is 1 ms,
        // round 2's 50 ms; all 2000 together put 30 slow ones (1.5%) above the 99th percentile: 50 ms.
        WorkerMetrics slow = new WorkerMetrics();
        for (int i = 0; i < 1000; i++) {
            slow.committed(i < 30 ? 50_000_000L : 1_000_000L);
        }
        PhaseTotals slowTotals = new PhaseTotals();
        slow.drainInto(slowTotals);
        RunResult r = ResultAssembler.assemble(parts(outcome(false, null, List.of(round(1, 1000, 10.0),
                new RoundOutcome(2, 10.0, slowTotals, new Memory(3_000_000L, 1_000_000L)))), okConsistency(), null));
        assertThat(r.rounds().get(0).figures().latency().p99Ms()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(r.figures().latency().p99Ms()).isCloseTo(50.0, org.assertj.core.data.Offset.offset(0.1));
        assertThat(r.figures().latency().p95Ms()).isCloseTo(1.0, org.assertj.core.data.Offset.offset(0.01));
        // Memory: the highest any round saw, each figure on its own.
        assertThat(r.figures().memory()).isEqualTo(new Memory(3_000_000L, 2_000_000L));
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
        return new DriverOutcome(0.0, null, 0, 0, 0, rounds, List.of(), interrupted, firstError, 0, new PartialLedger());
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
                        "host", List.of(), null, null, "6.1.0", "b0b1b2b3-0000-4000-8000-000000000000", "none"),
                Placement.of("embedded"), null, driver, consistency, null, error);
    }
}
