package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.Figures;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.StepVerdict;
import io.benchlab.runner.core.BadInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class StepJudgeTest {

    private static final StepJudge P99_10MS = StepJudge.of(List.of(Objective.parse("p99<=10ms")));

    @Test
    void aStepPassesWhenEveryOneOfItsFiveRoundsMeetsTheObjective() {
        StepJudgement j = P99_10MS.judge(1000, Steps.step(1000, 6, 8, 9.5, 7, 9));
        assertThat(j.pass()).isTrue();
        assertThat(j.why()).isEqualTo("every objective held in every round (5)");
        CapacityStep.ObjectiveValue p99 = j.objectives().get(0);
        assertThat(p99.metric()).isEqualTo("p99");
        assertThat(p99.holds()).isTrue();
        assertThat(p99.low()).isCloseTo(6, within(0.01));
        assertThat(p99.high()).isCloseTo(9.5, within(0.01));
        assertThat(p99.value()).as("the merged histograms' p99 lies among the rounds'").isBetween(6.0, 9.51);
        assertThat(j.latency().p99()).isEqualTo(new CapacityStep.Percentile(p99.value(), p99.low(), p99.high()));
        assertThat(j.latency().p50().ms()).isCloseTo(p99.value() / 4, within(0.5));
    }

    /** Four of five under the bound is no evidence: it happens by chance 6 times in 32 when the median round misses. */
    @Test
    void oneRoundOverTheBoundLeavesTheStepUnclear() {
        StepJudgement j = P99_10MS.judge(1000, Steps.step(1000, 6, 8, 12, 7, 9));
        assertThat(j.pass()).isFalse();
        assertThat(j.verdict()).isEqualTo(StepVerdict.UNCLEAR);
        assertThat(j.objectives().get(0).holds()).isFalse();
        assertThat(j.why()).matches("p99 [0-9.]+ ms: <=10 ms in only 4 of 5 rounds, 5 needed");
    }

    @Test
    void everyRoundOverTheBoundIsEvidenceThatItBroke() {
        StepJudgement j = P99_10MS.judge(2000, Steps.step(2000, 12, 14, 13, 19, 12.5));
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.why()).matches("p99 1[2-9][0-9.]* ms, beyond <=10 ms in 5 of 5 rounds");
    }

    /** A step unclear on one objective and broken on another has failed: the set-up does not sustain it. */
    @Test
    void aBrokenObjectiveOutweighsAnUnclearOne() {
        StepJudge judge = StepJudge.of(List.of(Objective.parse("p99<=10ms"), Objective.parse("failures<=1%")));
        StepJudgement j = judge.judge(1000, Steps.step(1000, new double[] {6, 8, 12, 7, 9}, 20, 0));
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.why()).startsWith("failures 2%, beyond");
    }

    @Test
    void withEightRoundsOneOverTheBoundIsAllowed() {
        StepJudgement j = P99_10MS.judge(1000, Steps.step(1000, 6, 8, 12, 7, 9, 8, 8, 7));
        assertThat(j.pass()).isTrue();
        assertThat(j.why()).isEqualTo("every objective held in at least 7 of 8 rounds");
        assertThat(j.objectives().get(0).high()).as("the interval drops the highest round").isCloseTo(9, within(0.01));
    }

    @Test
    void aStepThatMissedMoreThanATenthOfAPercentOfItsStartsFails() {
        RunResult missed = Steps.step(1000, new double[] {5, 5, 5, 5, 5}, 0, 10);
        StepJudgement j = P99_10MS.judge(1000, missed);
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.why()).isEqualTo("missed 0.2% of its starts (at most 0.1%)");
        assertThat(j.missedStarts()).isEqualTo(10);
        assertThat(j.scheduled()).isEqualTo(5010);
        assertThat(P99_10MS.judge(1000, Steps.step(1000, new double[] {5, 5, 5, 5, 5}, 0, 5)).pass()).isTrue();
    }

    @Test
    void stricterObjectivesAllowFewerMissedStarts() {
        assertThat(P99_10MS.missedStartsBound()).isEqualTo(0.001);
        assertThat(StepJudge.of(List.of(Objective.parse("p999<=50ms"))).missedStartsBound())
                .isCloseTo(0.0001, within(1e-12));
        assertThat(StepJudge.of(List.of(Objective.parse("max<=1s"), Objective.parse("p50<=1ms"))).missedStartsBound())
                .isZero();
        assertThat(StepJudge.of(List.of(Objective.parse("failures<=5%"))).missedStartsBound()).isEqualTo(0.001);
    }

    @Test
    void failuresAreJudgedAsTheirShareOfEveryRound() {
        StepJudge judge = StepJudge.of(List.of(Objective.parse("p99<=10ms"), Objective.parse("failures<=1%")));
        StepJudgement j = judge.judge(1000, Steps.step(1000, new double[] {5, 5, 5, 5, 5}, 20, 0));
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.failuresRatio()).isCloseTo(20.0 / 1020, within(1e-12));
        assertThat(j.why()).isEqualTo("failures 2%, beyond <=1% in 5 of 5 rounds");
        assertThat(j.objectives()).extracting(CapacityStep.ObjectiveValue::holds).containsExactly(true, false);
        assertThat(judge.judge(1000, Steps.step(1000, new double[] {5, 5, 5, 5, 5}, 5, 0)).pass()).isTrue();
    }

    @Test
    void aStepWhoseRunFailedFailsWithItsCauseAndNoFigures() {
        StepJudgement j = P99_10MS.judge(3000, Steps.failed(3000));
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.why()).isEqualTo("the run failed: connection refused");
        assertThat(j.latency()).isNull();
        assertThat(j.achievedTps()).isNull();
        assertThat(j.objectives()).isEmpty();
    }

    @Test
    void aStepWhoseEveryTransactionFailedFailsItsLatencyObjectives() {
        RunResult step = Steps.step(1000, 5, 5, 5, 5, 5);
        List<Round> noneCommitted = step.rounds().stream().map(r -> new Round(
                r.index(), nothingCommitted(r.figures()))).toList();
        RunResult allFailed = new RunResult(step.schemaVersion(), step.runId(), Status.OK, null, List.of(),
                step.timestamps(), step.knobs(), step.engine(), null, step.placement(), null, null,
                nothingCommitted(step.figures()), noneCommitted, List.of(), null, null);
        StepJudgement j = P99_10MS.judge(1000, allFailed);
        assertThat(j.verdict()).isEqualTo(StepVerdict.FAIL);
        assertThat(j.why()).isEqualTo("p99: no transaction committed");
        assertThat(j.failuresRatio()).isEqualTo(1.0);
        assertThat(j.latency()).isNull();
    }

    @Test
    void aLongCauseIsCutToOneShortLine() {
        RunResult failed = Steps.failed(1000).failedBecause("x".repeat(200) + "\nat line 2");
        assertThat(P99_10MS.judge(1000, failed).why()).hasSize("the run failed: ".length() + StepJudge.CAUSE_CHARS)
                .endsWith("x...").doesNotContain("\n");
    }

    private static Figures nothingCommitted(Figures f) {
        return new Figures(f.seconds(), 0, f.committed(), 0, 0, 0, null, null, null, null,
                f.schedule(), null);
    }

    @Test
    void aStepOfTooFewRoundsCannotPass() {
        StepJudgement j = P99_10MS.judge(1000, Steps.step(1000, 5, 5, 5));
        assertThat(j.pass()).isFalse();
        assertThat(j.why()).isEqualTo("3 rounds: its test needs 5");
        assertThat(StepJudge.minimumRounds(0.05)).isEqualTo(5);
        assertThatThrownBy(() -> StepJudge.requireRounds(4, 0.05)).isInstanceOf(BadInputException.class)
                .hasMessage("--rounds 4: a capacity step needs at least 5 rounds, the fewest with which its test can"
                        + " pass at 0.05");
        StepJudge.requireRounds(5, 0.05);
    }

    @Test
    void theTestSaysWhatItIsWithItsNumbers() {
        CapacityResult.StepTest test = P99_10MS.test(5);
        assertThat(test.name()).isEqualTo("sign-test");
        assertThat(test.description()).startsWith("a step passes when at least 5 of its 5 rounds meet each objective")
                .contains("by chance at most 0.031").contains("at most 0.1% of its starts");
    }

    /** Judged steps, the interrupted one too, make a capacity result valid against its schema. */
    @Test
    void judgedStepsMakeAValidCapacityResult() {
        StepJudge judge = StepJudge.of(List.of(Objective.parse("p99<=10ms"), Objective.parse("failures<1%")));
        RunResult first = Steps.step(1000, 6, 8, 9.5, 7, 9);
        List<CapacityStep> steps = List.of(judge.judge(1000, first).toStep(1, "results/a.json"),
                judge.judge(2000, Steps.step(2000, 12, 14, 13, 19, 12.5)).toStep(2, "results/b.json"),
                judge.judge(1410, Steps.failed(1410)).toStep(3, null));
        CapacityResult result = new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND, "c-1",
                Status.OK, null, new CapacityResult.Span("2025-01-15T10:00:00Z", "2025-01-15T10:03:00Z"), first.engine(),
                List.of(Objective.parse("p99<=10ms").toJson(), Objective.parse("failures<1%").toJson()), 0.05,
                judge.test(5), new CapacityResult.Search(1000, "given", null, null, 2, 8),
                new CapacityResult.Answer(1000.0, 1000.0, 1410.0, false, "the 3 steps ran out"), steps,
                first.knobs().with("rate_tps", null), first.placement(), null);
        assertThat(CapacityJson.validate(result)).isEmpty();
        assertThat(steps.get(1).runId()).isEqualTo("step-2000.0");
        assertThat(steps.get(2).file()).isNull();
    }
}
