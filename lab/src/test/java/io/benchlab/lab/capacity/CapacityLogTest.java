package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

class CapacityLogTest {

    private static final List<Objective> P99 = List.of(Objective.parse("p99<=10ms"));

    /** A set-up whose rounds' p99 is 2 ms / (1 - rate / 10,000), without noise: capacity 8,000 tps. */
    private static double p99(double rate) {
        return 2 / (1 - Math.min(rate, 9_999) / 10_000);
    }

    @Test
    void aWholeSearchMakesAValidResultWithItsStepsAndAnswer() {
        CapacitySearch search = new CapacitySearch(SearchPlan.fromProbe(10_000, 0.05));
        CapacityLog log = new CapacityLog("20250115T100000Z-capacity", "2025-01-15T10:00:00Z", P99, StepJudge.of(P99),
                search, new CapacityResult.Probe("probe-1", "results/probe-1.json", 10_000));
        while (search.next().isPresent()) {
            double rate = search.next().getAsDouble();
            double p = p99(rate);
            log.add(rate, Steps.step(rate, p, p, p, p, p), "results/step-" + rate + ".json");
        }
        CapacityResult r = log.result(Status.OK, null, "2025-01-15T10:05:30Z");

        assertThat(CapacityJson.validate(r)).isEmpty();
        assertThat(r.steps()).extracting(CapacityStep::index).containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
        assertThat(r.steps()).extracting(CapacityStep::offeredTps)
                .containsExactly(5000.0, 10_000.0, 7070.0, 8410.0, 7710.0, 8050.0, 7710.0, 8050.0);
        assertThat(r.capacity()).isEqualTo(new CapacityResult.Answer(7710.0, 7710.0, 8050.0, true,
                "within 5%: 7,710 tps passed, 8,050 failed (neither contradicted when run again)"));
        assertThat(r.search()).isEqualTo(new CapacityResult.Search(5000, "probe",
                new CapacityResult.Probe("probe-1", "results/probe-1.json", 10_000), 11_000.0, 2, 10));
        assertThat(r.knobs().rateTps()).isNull();
        assertThat(r.knobs().rounds()).isEqualTo(5);
        assertThat(r.engine().name()).isEqualTo("hsqldb");
        assertThat(r.test().description()).startsWith("a step passes when at least 5 of its 5 rounds");
        assertThat(CapacityTable.format(r)).endsWith(
                "capacity 7,710 tps (between 7,710 and 8,050) for p99<=10ms; 8 steps, 5m30s\n");
    }

    @Test
    void aSearchStoppedBeforeItsFirstStepIsStillAValidResult() {
        CapacitySearch search = new CapacitySearch(SearchPlan.fromStart(500, null, 0.1));
        CapacityResult r = new CapacityLog("c-2", "2025-01-15T10:00:00Z", P99, StepJudge.of(P99), search, null)
                .result(Status.INTERRUPTED, "interrupted by a signal", "2025-01-15T10:00:02Z");
        assertThat(CapacityJson.validate(r)).isEmpty();
        assertThat(r.engine()).isNull();
        assertThat(r.search().startFrom()).isEqualTo("given");
        assertThat(r.capacity().why()).isEqualTo("stopped after 0 steps: capacity not known");
    }
}
