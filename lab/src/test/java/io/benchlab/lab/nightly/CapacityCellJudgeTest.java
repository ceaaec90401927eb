package io.benchlab.lab.nightly;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.compare.Verdict;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A capacity cell's night: intervals that overlap, lie below or above the last night's, and a change point. */
class CapacityCellJudgeTest {

    private static int nights;

    private static CapacityResult night(Double low, Double high, String objective) {
        int n = ++nights;
        return new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND, "cap-" + n, Status.OK, null,
                new CapacityResult.Span("2026-01-" + String.format("%02d", n) + "T00:00:00Z",
                        "2026-01-" + String.format("%02d", n) + "T00:10:00Z"), null,
                List.of(new CapacityResult.Objective(objective, "p99", 10, "ms", false)), 0.05,
                new CapacityResult.StepTest("sign-test", "every round"), new CapacityResult.Search(100, "given", null,
                null, 2, 10), new CapacityResult.Answer(low, low, high, true, "bracketed"), List.of(), null, null, null);
    }

    private static CellVerdict judge(CapacityResult tonight, CapacityResult... earlier) {
        return CapacityCellJudge.judge("cell", false, tonight, Path.of("cell.json"), "no search", List.of(earlier),
                0.01);
    }

    @Test
    void intervalsThatOverlapAreNoChangeAndOnesApartAreAVerdictOnlyBeyondTheNightsSpread() {
        CapacityResult last = night(1000.0, 1050.0, "p99<=10ms");
        assertThat(judge(night(1040.0, 1090.0, "p99<=10ms"), last).verdict()).isEqualTo(Verdict.NO_CHANGE);
        // One earlier night says nothing of how far nights stray: apart is inconclusive.
        CellVerdict alone = judge(night(900.0, 945.0, "p99<=10ms"), last);
        assertThat(alone.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(alone.cause()).contains("capacity [900, 945] tps lies below [1,000, 1,050] tps on the last night",
                "too few earlier nights");
        // Nights that strayed 1,000 to 1,100: 950 is below the last night's, but within their spread.
        CapacityResult[] wide = {night(1100.0, 1150.0, "p99<=10ms"), night(1000.0, 1050.0, "p99<=10ms"),
            night(1060.0, 1110.0, "p99<=10ms"), night(1010.0, 1060.0, "p99<=10ms")};
        CellVerdict within = judge(night(950.0, 995.0, "p99<=10ms"), wide);
        assertThat(within.verdict()).isEqualTo(Verdict.INCONCLUSIVE);
        assertThat(within.cause()).contains("within what the earlier nights' spread allows");
        // Far below them all: a regression; far above: an improvement.
        CellVerdict below = judge(night(600.0, 630.0, "p99<=10ms"), wide);
        assertThat(below.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(below.cause()).contains("outside what the earlier nights' spread allows (1,0");
        assertThat(judge(night(1600.0, 1680.0, "p99<=10ms"), wide).verdict()).isEqualTo(Verdict.IMPROVED);
        // No pass tonight: the capacity lies below the lowest rate tried, far under every night's.
        assertThat(judge(night(null, 500.0, "p99<=10ms"), wide).verdict()).isEqualTo(Verdict.REGRESSED);
        // No fail last night: it only says the capacity was at least 1,000.
        assertThat(judge(night(1200.0, 1300.0, "p99<=10ms"), night(1000.0, null, "p99<=10ms")).verdict())
                .isEqualTo(Verdict.NO_CHANGE);
    }

    @Test
    void aChangedObjectiveStartsANewBaselineAndAFirstNightIsSaid() {
        assertThat(judge(night(1000.0, 1050.0, "p99<=10ms")).verdict()).isEqualTo(Verdict.FIRST_NIGHT);
        CellVerdict changed = judge(night(500.0, 525.0, "p99<=5ms"), night(1000.0, 1050.0, "p99<=10ms"));
        assertThat(changed.verdict()).isEqualTo(Verdict.NOT_JUDGED);
        assertThat(judge(null).verdict()).isEqualTo(Verdict.FAILED);
        CapacityResult failed = night(null, null, "p99<=10ms");
        CapacityResult stopped = new CapacityResult(failed.schemaVersion(), failed.kind(), failed.capacityId(),
                Status.INTERRUPTED, "stopped", failed.timestamps(), null, failed.objectives(), failed.precision(),
                failed.test(), failed.search(), failed.capacity(), List.of(), null, null, null);
        assertThat(judge(stopped).verdict()).isEqualTo(Verdict.FAILED);
    }

    @Test
    void theHistoryNamesAChangePointThatFallsOnTonightAndNotTheNightsOwnSpread() {
        // Eight nights about 1,050 (intervals 5% wide); the interval's width is the least noise a
        // night's capacity carries, so a night within it is no change point.
        List<CapacityResult> history = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            history.add(night(1000.0 + (i % 2) * 10, 1050.0 + (i % 2) * 10, "p99<=10ms"));
        }
        CellVerdict steady = judge(night(995.0, 1045.0, "p99<=10ms"), history.toArray(CapacityResult[]::new));
        assertThat(steady.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(steady.cause()).doesNotContain("change point");
        CellVerdict drop = judge(night(800.0, 840.0, "p99<=10ms"), history.toArray(CapacityResult[]::new));
        assertThat(drop.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(drop.cause()).contains("a change point in capacity falls on this night (1030 -> 820 tps");
    }
}
