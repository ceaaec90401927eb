package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.runner.Defaults;

/**
 * A rate far beyond what any engine here serves (1,000,000 tps) for a measured second, on any
 * engine and driver: the measured phase ends on time plus the schedule's grace, the starts that
 * never came are counted, and the warm-up's backlog is dropped, not run and timed in the phase.
 */
public final class OverCapacity {

    public static final double RATE = 1_000_000;

    private OverCapacity() {
    }

    /** What a run of a 1 s measured phase at {@link #RATE} must show. */
    public static void assertEndsOnTimeAndCountsWhatNeverStarted(RunResult r) {
        Figures f = r.figures();
        double grace = Defaults.SCHEDULE_GRACE.toNanos() / 1e9;
        assertThat(f.seconds()).as("measured phase length").isBetween(1.0, 1.0 + grace + 0.5);
        assertThat(f.latency().maxMs()).as("no measured transaction carries the warm-up's backlog")
                .isLessThan((1.0 + grace + 0.5) * 1000);
        assertThat(r.warmup().missedStarts()).as("warm-up backlog dropped").isPositive();
        Schedule s = f.schedule();
        assertThat(s).isNotNull();
        assertThat(s.targetTps()).isEqualTo(RATE);
        assertThat(s.achievedTps()).isEqualTo(f.tps()).isLessThan(RATE / 2);
        assertThat(s.scheduled()).as("the whole second's schedule").isBetween(999_000L, 1_001_000L);
        assertThat(s.missedStarts()).isEqualTo(s.scheduled() - f.committed() - f.failed()).isPositive();
    }
}
