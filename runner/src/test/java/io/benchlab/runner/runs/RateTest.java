package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BranchStall;
import io.benchlab.runner.core.OverCapacity;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** --rate paces the clients, and latency under a rate counts from each intended start. */
class RateTest {

    /** The one speed assertion of the suite: 400 tps is far below what every engine can do here. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hsqldb", "h2", "derby"})
    void achievedRateMatchesTheTarget(String engine) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(4).rate(400)
                    .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(3)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        assertThat(r.knobs().rateTps()).isEqualTo(400.0);
        Figures f = r.figures();
        assertThat(f.tps()).isCloseTo(400.0, within(20.0));
        // 3 s at 400 tps: the schedule, not the engine's speed, sets the count.
        assertThat(f.committed()).isBetween(1140L, 1260L);
    }

    /** Coordinated omission in-process (see {@link BranchStall}). */
    @Test
    void stallIsChargedToTheTransactionsScheduledDuringIt() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        BranchStall stall = new BranchStall();
        RunResult r;
        try {
            r = stall.run(EmbeddedRuns.benchmark(target, BranchStall.workload(EmbeddedRuns.config()).build(),
                    stall.sink()), target);
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        BranchStall.assertChargedToTheScheduledTransactions(r);
    }

    /**
     * A target far beyond what the engine does. The measured phase still ends at its planned time
     * plus the schedule's grace, the starts that never came are counted, and the warm-up's
     * backlog is dropped rather than run (and timed) in the measured phase: no measured
     * transaction waits longer than the measured phase lasts, though the warm-up is twice as long.
     * Duration and count mode alike (a count under --rate is a schedule that ends N periods in).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"duration", "count"})
    void overCapacityTheMeasuredPhaseEndsOnTimeAndCountsWhatNeverStarted(String mode) throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        TestWorkload config = EmbeddedRuns.config().clients(2).rate(OverCapacity.RATE).warmup(Duration.ofSeconds(2))
                .interval(Duration.ofMillis(250));
        if (mode.equals("duration")) {
            config.duration(Duration.ofSeconds(1));
        } else {
            config.transactionsPerClient(500_000); // 1 s of schedule for each client
        }
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, config.build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        OverCapacity.assertEndsOnTimeAndCountsWhatNeverStarted(r);
        assertThat(r.warnings()).filteredOn(w -> w.code().equals("rate_missed")).singleElement()
                .satisfies(w -> assertThat(w.message()).contains("1000000.0 tps", "never started"));
        assertThat(r.status().json()).isEqualTo("ok");
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        EmbeddedRuns.assertValid(r);
    }
}
