package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.Status;
import io.benchlab.results.StepVerdict;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityTableTest {

    private static CapacityStep step(int index, double offered, double p99, StepVerdict verdict, String why) {
        boolean pass = verdict == StepVerdict.PASS;
        CapacityStep.Percentile p50 = new CapacityStep.Percentile(1.25, 1.2, 1.31);
        CapacityStep.Percentile p95 = new CapacityStep.Percentile(3.5, 3.1, 3.9);
        CapacityStep.Percentile p99s = new CapacityStep.Percentile(p99, p99 * 0.9, p99 * 1.2);
        return new CapacityStep(index, "run-" + index, null, offered, offered * 0.999, pass ? 0L : 31L,
                Math.round(offered * 25), pass ? 0.0 : 0.0015, new CapacityStep.StepLatency(p50, p95, p99s), List.of(),
                verdict, why);
    }

    private static CapacityResult result(Status status, String cause, CapacityResult.Answer answer, String ended,
                                         List<CapacityStep> steps) {
        return new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND, "c", status, cause,
                new CapacityResult.Span("2025-01-15T10:00:00Z", ended), null,
                List.of(Objective.parse("p99<=10ms").toJson(), Objective.parse("failures<1%").toJson()), 0.05,
                null, null, answer, steps, null, null, null);
    }

    @Test
    void oneLinePerStepThenTheAnswer() {
        CapacityResult r = result(Status.OK, null,
                new CapacityResult.Answer(4150.0, 4150.0, 4360.0, true, "within 5%"), "2025-01-15T10:06:12Z",
                List.of(step(1, 4000, 6.2, StepVerdict.PASS, "every objective held in every round (5)"),
                        step(2, 8000, 41, StepVerdict.FAIL, "p99 41 ms, beyond <=10 ms in 5 of 5 rounds"),
                        step(3, 4150, 8.25, StepVerdict.PASS, "every objective held in every round (5)"),
                        new CapacityStep(4, "run-4", null, 4360, null, null, null, null, null, List.of(),
                                StepVerdict.FAIL, "the run failed: connection refused"),
                        step(5, 4250, 9.9, StepVerdict.UNCLEAR, "p99 9.9 ms: <=10 ms in only 4 of 5 rounds, 5 needed")));
        assertThat(CapacityTable.format(r)).isEqualTo("""
                step  offered  achieved           p50 ms         p95 ms           p99 ms  failures  missed  result   why
                   1    4,000     3,996  1.25 (1.2-1.31)  3.5 (3.1-3.9)  6.2 (5.58-7.44)        0%       0  pass     \
                every objective held in every round (5)
                   2    8,000     7,992  1.25 (1.2-1.31)  3.5 (3.1-3.9)   41 (36.9-49.2)     0.15%      31  FAIL     \
                p99 41 ms, beyond <=10 ms in 5 of 5 rounds
                   3    4,150     4,146  1.25 (1.2-1.31)  3.5 (3.1-3.9)  8.25 (7.43-9.9)        0%       0  pass     \
                every objective held in every round (5)
                   4    4,360         -                -              -                -         -       -  FAIL     \
                the run failed: connection refused
                   5    4,250     4,246  1.25 (1.2-1.31)  3.5 (3.1-3.9)  9.9 (8.91-11.9)     0.15%      31  unclear  \
                p99 9.9 ms: <=10 ms in only 4 of 5 rounds, 5 needed
                capacity 4,150 tps (between 4,150 and 4,360) for p99<=10ms and failures<1%; 5 steps, 6m12s
                """);
    }

    @Test
    void theAnswerSaysWhenNothingPassedNothingFailedOrTheSearchStopped() {
        CapacityResult noPass = result(Status.OK, null, new CapacityResult.Answer(null, null, 1000.0, false, "floor"),
                "2025-01-15T10:03:05Z", List.of(step(1, 1000, 12, StepVerdict.FAIL, "p99 12 ms")));
        assertThat(CapacityTable.answer(noPass))
                .isEqualTo("no capacity: every rate failed p99<=10ms and failures<1%, down to 1,000 tps; 1 step, 3m5s");
        CapacityResult noFail = result(Status.OK, null, new CapacityResult.Answer(11_000.0, 11_000.0, null, false,
                "ceiling"), "2025-01-15T10:00:50Z", List.of());
        assertThat(CapacityTable.answer(noFail))
                .isEqualTo("capacity at least 11,000 tps (no rate failed) for p99<=10ms and failures<1%; 0 steps, 50s");
        CapacityResult failedBelow = result(Status.OK, null, new CapacityResult.Answer(9000.0, 9000.0, null, false,
                "ceiling"), "2025-01-15T10:03:05Z", List.of(step(1, 10_000, 12, StepVerdict.FAIL, "p99 12 ms"),
                step(2, 9000, 9, StepVerdict.PASS, "held"), step(3, 11_000, 9, StepVerdict.PASS, "held")));
        assertThat(CapacityTable.answer(failedBelow)).isEqualTo("capacity at least 9,000 tps (a step passed at or above"
                + " every rate that failed) for p99<=10ms and failures<1%; 3 steps, 3m5s");
        CapacityResult stopped = result(Status.INTERRUPTED, "interrupted by a signal",
                new CapacityResult.Answer(500.0, 500.0, 1000.0, false, "stopped"), null, List.of());
        assertThat(CapacityTable.format(stopped)).isEqualTo("search interrupted (interrupted by a signal); so far:"
                + " capacity 500 tps (between 500 and 1,000, wider than 5%) for p99<=10ms and failures<1%; 0 steps\n");
        CapacityResult outOfSteps = result(Status.OK, null, new CapacityResult.Answer(31_200.0, 31_200.0, 32_600.0,
                false, "the 10 steps ran out before its ends were run again"), "2025-01-15T10:10:04Z", List.of());
        assertThat(CapacityTable.answer(outOfSteps)).as("within 5%, its ends run once").isEqualTo("capacity 31,200 tps"
                + " (between 31,200 and 32,600, its ends not yet run again) for p99<=10ms and failures<1%; 0 steps,"
                + " 10m4s");
    }
}
