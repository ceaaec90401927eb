package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.metrics.Counter;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.RunMetrics;
import io.benchlab.runner.metrics.WorkerMetrics;
import org.junit.jupiter.api.Test;

/** The decisions every client makes alike, on a clock of plain numbers (nanoseconds from 0). */
class ClientScheduleTest {

    private final RunMetrics run = new RunMetrics();
    private final WorkerMetrics metrics = run.worker();

    /** Warm-up 0-1000, measured 1000-2000, period 100 (grace 500), each client offset by 10. */
    private ClientSchedule paced() {
        return new ClientSchedule(new RoundPlan(0, 1000, 2000, 2500, Long.MAX_VALUE, 100), 10, metrics);
    }

    @Test
    void underARateEachStartIsAPeriodAfterTheLastAndTheMeasuredOnesBeginWithThePhase() {
        ClientSchedule s = paced();
        assertThat(s.mayStart(0)).isTrue();
        assertThat(s.intended()).isEqualTo(10);
        assertThat(s.start(10)).isTrue();
        assertThat(s.measured()).isFalse();
        for (long t = 110; t < 1000; t += 100) {
            assertThat(s.mayStart(t)).isTrue();
            assertThat(s.intended()).isEqualTo(t);
            assertThat(s.start(t)).isTrue();
        }
        assertThat(s.mayStart(1010)).isTrue();
        assertThat(s.intended()).isEqualTo(1010);
        assertThat(s.start(1010)).isTrue();
        assertThat(s.measured()).isTrue();
    }

    @Test
    void theWarmUpsBacklogIsDroppedNotRunInTheMeasuredPhase() {
        ClientSchedule s = paced();
        assertThat(s.mayStart(0)).isTrue();
        s.start(10);
        // The client fell behind: at 1400 its next intended start is still 110, in the warm-up.
        assertThat(s.mayStart(1400)).isTrue();
        assertThat(s.intended()).as("the measured schedule from its own start").isEqualTo(1010);
        assertThat(run.warmupMissedStartsCount()).as("110, 210, ... 910 dropped").isEqualTo(9);
    }

    @Test
    void pastTheDeadlineNothingStartsAndWhatNeverStartedIsCounted() {
        ClientSchedule s = paced();
        assertThat(s.mayStart(1000)).isTrue();
        s.start(s.intended());
        assertThat(s.mayStart(2500)).isFalse();
        PhaseTotals totals = new PhaseTotals();
        run.drainInto(totals);
        assertThat(totals.count(Counter.MISSED_STARTS)).as("1110 ... 1910")
                .isEqualTo(9);
    }

    @Test
    void aStartAtOrAfterTheEndOrBeyondTheCountEndsTheClientsRound() {
        ClientSchedule timed = new ClientSchedule(new RoundPlan(0, 1000, 2000, RoundPlan.NO_END, Long.MAX_VALUE, 0),
                0, metrics);
        assertThat(timed.start(1999)).isTrue();
        assertThat(timed.start(2000)).isFalse();

        ClientSchedule counted = new ClientSchedule(new RoundPlan(0, 0, RoundPlan.NO_END, RoundPlan.NO_END, 2, 0),
                0, metrics);
        for (int i = 0; i < 2; i++) {
            assertThat(counted.start(i)).isTrue();
            counted.finished();
        }
        assertThat(counted.start(5)).as("two measured transactions done").isFalse();
    }

    @Test
    void aWarmUpTransactionDoesNotCountTowardsTheMeasuredOnes() {
        ClientSchedule counted = new ClientSchedule(new RoundPlan(0, 100, RoundPlan.NO_END, RoundPlan.NO_END, 1, 0),
                0, metrics);
        assertThat(counted.start(50)).isTrue();
        assertThat(counted.measured()).isFalse();
        counted.finished();
        assertThat(counted.start(150)).isTrue();
        assertThat(counted.measured()).isTrue();
        counted.finished();
        assertThat(counted.start(160)).isFalse();
    }

    @Test
    void aSettlingPlanCountsNothingMeasuredUntilItsStartIsSetThenAsAFixedPlanWould() {
        RoundPlan plan = RoundPlan.settling(0, 1000, 500, Long.MAX_VALUE, 100);
        ClientSchedule s = new ClientSchedule(plan, 10, metrics);
        for (long t = 10; t < 5000; t += 100) {
            assertThat(s.mayStart(t)).isTrue();
            assertThat(s.start(t)).isTrue();
            assertThat(s.measured()).isFalse();
        }
        assertThat(plan.over(1_000_000)).isFalse();
        plan.measureFrom(5200);
        // Behind by two starts when the measured phase begins: they are dropped, as after a fixed warm-up.
        assertThat(s.mayStart(5200)).isTrue();
        assertThat(s.intended()).isEqualTo(5210);
        assertThat(s.start(5210)).isTrue();
        assertThat(s.measured()).isTrue();
        assertThat(plan.end()).isEqualTo(6200);
        assertThat(plan.deadline()).isEqualTo(6700);
        PhaseTotals totals = new PhaseTotals();
        run.drainInto(totals);
        assertThat(totals.count(Counter.MISSED_STARTS)).isZero();
    }
}
