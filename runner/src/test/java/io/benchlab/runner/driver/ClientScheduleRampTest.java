package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.runner.metrics.Counter;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.RunMetrics;
import io.benchlab.runner.metrics.WorkerMetrics;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A client's way through a ramp, on a clock of plain nanoseconds: warm-up 0-1 s at 10 tps, then
 * the rate rises by 10 tps a second through the measured second (1-2 s, grace to 2.5 s); two
 * clients share the starts, and this one is client 1 (the run's starts 1, 3, 5...).
 */
class ClientScheduleRampTest {

    private static final long S = 1_000_000_000L;

    private final RunMetrics run = new RunMetrics();
    private final WorkerMetrics metrics = run.worker();
    private final RoundPlan plan = new RoundPlan(0, S, 2 * S, 2 * S + S / 2, Long.MAX_VALUE, S / 5,
            new RampSchedule(10, 10, 2));

    /** Seconds into the ramp of its d-th start: where 10 t + 5 t^2 reaches d. */
    private static double intoRamp(double d) {
        return (-10 + Math.sqrt(100 + 20 * d)) / 10;
    }

    @Test
    void theWarmUpKeepsTheFirstRateAndTheMeasuredStartsFollowTheRamp() {
        ClientSchedule s = new ClientSchedule(plan, S / 10, 1, metrics);
        List<Long> measured = new ArrayList<>();
        for (int i = 0; i < 30 && s.mayStart(s.intended()); i++) {
            long at = s.intended();
            if (at < S) {
                assertThat(at).as("warm-up start %d: every 0.2 s from 0.1 s", i).isEqualTo(S / 10 + i * S / 5);
            }
            assertThat(s.start(at)).isEqualTo(at < 2 * S);
            if (at >= 2 * S) {
                break;
            }
            assertThat(s.measured()).isEqualTo(at >= S);
            if (s.measured()) {
                measured.add(at);
            }
        }
        // The run's starts 11, 13 ... 23 fall in the ramp's second (10 + 5 = 15 + 10 = 25 due by its end).
        assertThat(measured).hasSize(7);
        for (int k = 0; k < measured.size(); k++) {
            assertThat((double) measured.get(k)).as("start %d", 11 + 2 * k)
                    .isCloseTo(S + intoRamp(1 + 2 * k) * S, within(2.0));
        }
        for (int k = 2; k < measured.size(); k++) {
            assertThat(measured.get(k) - measured.get(k - 1)).as("closer as the rate rises")
                    .isLessThan(measured.get(k - 1) - measured.get(k - 2));
        }
    }

    @Test
    void pastTheDeadlineTheRampsStartsThatNeverCameAreCounted() {
        ClientSchedule s = new ClientSchedule(plan, S / 10, 1, metrics);
        // Stuck until the measured phase: the warm-up's backlog is dropped, the ramp starts afresh.
        assertThat(s.mayStart(S + 1)).isTrue();
        assertThat((double) s.intended()).isCloseTo(S + intoRamp(1) * S, within(2.0));
        assertThat(run.warmupMissedStartsCount()).as("1, 3 ... 9 never started").isEqualTo(5);
        assertThat(s.start(s.intended())).isTrue();
        assertThat(s.mayStart(2 * S + S / 2)).isFalse();
        PhaseTotals totals = new PhaseTotals();
        run.drainInto(totals);
        assertThat(totals.count(Counter.MISSED_STARTS)).as("13, 15 ... 23").isEqualTo(6);
    }
}
