package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * --rate-steps and --rate-ramp end to end on embedded HSQLDB: each step is a round with its own
 * figures and offered rate, a step far beyond the engine misses its starts and is warned about,
 * and a ramp's intervals carry an offered rate that rises.
 */
class LoadProfileRunsTest {

    /** A rate every engine here keeps, and one none comes near (2 clients, 2 µs apart each). */
    private static final double LOW = 50;
    private static final double BEYOND = 1_000_000;

    @Test
    void eachStepKeepsItsOwnFiguresAndAStepBeyondTheEngineShowsItsMissedStarts() throws Exception {
        RunResult r = run(EmbeddedRuns.config().clients(2).warmup(Duration.ofMillis(300))
                .set("rateSteps", "50,1000000").set("stepDuration", Duration.ofSeconds(1))
                .set("stepSettle", Duration.ofMillis(300)).interval(Duration.ofMillis(250)));
        assertThat(r.status().json()).as("cause: %s", r.cause()).isEqualTo("ok");
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        EmbeddedRuns.assertValid(r);
        assertThat(r.knobs().rounds()).isEqualTo(2);
        assertThat(r.rounds()).hasSize(2);

        Schedule low = r.rounds().get(0).figures().schedule();
        assertThat(low.targetTps()).isEqualTo(LOW);
        assertThat(low.scheduled()).as("a second at 50 tps").isBetween(45L, 55L);
        assertThat(low.missedStarts()).as("50 tps is far below what HSQLDB does").isLessThanOrEqualTo(2);

        Figures beyond = r.rounds().get(1).figures();
        assertThat(beyond.schedule().targetTps()).isEqualTo(BEYOND);
        assertThat(beyond.schedule().scheduled()).as("the step's second, not its settle").isBetween(990_000L, 1_010_000L);
        assertThat(beyond.schedule().missedStarts()).as("most of a million tps never started")
                .isGreaterThan(beyond.schedule().scheduled() / 2);
        assertThat(beyond.latency().maxMs()).as("the settle's backlog is not timed in the step")
                .isLessThan(2_500);
        assertThat(r.figures().schedule().targetTps()).as("the steps' rates over their measured time")
                .isBetween(LOW, BEYOND);

        for (IntervalPoint p : r.intervals()) {
            assertThat(p.offeredTps()).as("interval %s", p).isEqualTo(p.round() == 1 ? LOW : BEYOND);
        }
        assertThat(r.warnings()).filteredOn(w -> w.code().equals("steps_missed_starts")).singleElement()
                .satisfies(w -> {
                    assertThat(w.figure()).isEqualTo(BEYOND);
                    assertThat(w.message()).contains("step 2 (1000000.0 tps offered").doesNotContain("step 1 ");
                });
    }

    @Test
    void aRampsIntervalsOfferARisingRate() throws Exception {
        RunResult r = run(EmbeddedRuns.config().clients(2).warmup(Duration.ofMillis(300))
                .set("rateRamp", "20..200").set("rampDuration", Duration.ofSeconds(2)).interval(Duration.ofMillis(250)));
        assertThat(r.status().json()).as("cause: %s", r.cause()).isEqualTo("ok");
        EmbeddedRuns.assertValid(r);
        List<Double> offered = r.intervals().stream().map(IntervalPoint::offeredTps).toList();
        assertThat(offered).hasSizeGreaterThanOrEqualTo(6).doesNotContainNull().isSorted();
        assertThat(offered.get(0)).as("near the ramp's foot").isBetween(20.0, 60.0);
        assertThat(offered.get(offered.size() - 1)).as("near its top").isBetween(160.0, 200.0);
        Schedule s = r.figures().schedule();
        assertThat(s.targetTps()).as("the ramp's mean").isEqualTo(110.0);
        assertThat(s.scheduled()).as("2 s of a ramp from 20 to 200 tps: 220 starts").isBetween(210L, 230L);
        assertThat(s.missedStarts()).isLessThanOrEqualTo(2);
    }

    private static RunResult run(TestWorkload config) throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        try {
            return EmbeddedRuns.run(target, config.build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
    }
}
