package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.metrics.Counter;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.RunMetrics;
import io.benchlab.runner.metrics.WorkerMetrics;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The one decision after a failed try, which both drivers follow, case by case; and a reconnect's next step. */
class AfterFailureTest {

    private static final AfterFailure RETRY = new AfterFailure(true, null, false, false, false);

    /** A failure as TryFailure judges one: CAUSE, lost, retryable, cut by the stop. */
    private static TryFailure failure(String cause, boolean lost, boolean retryable, boolean stopping) {
        return new TryFailure(cause, lost, retryable, stopping);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                // A serialization failure or deadlock is tried again while tries are left.
                row(failure("40", false, true, false), 1, 3, false, RETRY),
                row(failure("40", false, true, false), 2, 3, false, RETRY),
                // ... and counted failed for good, as exhausted, on its last try (or its only one).
                row(failure("40", false, true, false), 3, 3, false, new AfterFailure(false, "40", true, false, false)),
                row(failure("40", false, true, false), 1, 1, false, new AfterFailure(false, "40", true, false, false)),
                // Retryable but cut by the stop: not tried again, not counted.
                row(failure("40", false, true, true), 1, 3, false, new AfterFailure(false, null, false, false, false)),
                // Not retryable (a timeout, a constraint): counted at once, not exhausted.
                row(failure("timeout", false, false, false), 1, 3, false,
                        new AfterFailure(false, "timeout", false, false, false)),
                row(failure("23", false, false, false), 1, 3, true, new AfterFailure(false, "23", false, false, false)),
                // A lost connection: counted, then a reconnect; in doubt when it broke on the commit.
                row(failure("08", true, false, false), 1, 3, false, new AfterFailure(false, "08", false, true, false)),
                row(failure("08", true, false, false), 1, 3, true, new AfterFailure(false, "08", false, true, true)),
                row(failure("57", true, false, false), 3, 3, true, new AfterFailure(false, "57", false, true, true)),
                // Lost under the stop: not counted; the connection is still dropped, and the commit still in doubt.
                row(failure("08", true, false, true), 1, 3, true, new AfterFailure(false, null, false, true, true)),
                row(failure("08", true, false, true), 1, 3, false, new AfterFailure(false, null, false, true, false)));
    }

    @ParameterizedTest(name = "{0}, try {1} of {2}, committing {3}: {4}")
    @MethodSource("cases")
    void decides(TryFailure failure, int tries, int maxTries, boolean committing, AfterFailure expected) {
        assertThat(AfterFailure.of(failure, tries, maxTries, committing)).isEqualTo(expected);
    }

    @Test
    void aMeasuredFailureIsCountedWithItsCauseAWarmupOneApart() {
        RunMetrics run = new RunMetrics();
        WorkerMetrics metrics = run.worker();
        AfterFailure exhausted = AfterFailure.of(failure("40", false, true, false), 3, 3, false);
        exhausted.countFailed(metrics, true, 5_000_000);
        AfterFailure.of(failure("23", false, false, false), 1, 3, false).countFailed(metrics, true, 1_000_000);
        AfterFailure.of(failure("08", true, false, false), 1, 3, false).countFailed(metrics, false, 1_000_000);
        PhaseTotals totals = new PhaseTotals();
        run.drainInto(totals);
        assertThat(totals.failed()).isEqualTo(2);
        assertThat(totals.count(Counter.EXHAUSTED)).isEqualTo(1);
        assertThat(totals.failuresByCause()).isEqualTo(Map.of("40", 1L, "23", 1L));
        assertThat(run.warmupFailedCount()).isEqualTo(1);
    }

    @ParameterizedTest(name = "stopping {0}, round over {1}, expired {2}: {3}")
    @CsvSource({
            "false, false, false, TRY_AGAIN",
            "false, false, true,  GIVE_UP",
            "true,  false, false, END_ROUND",
            "true,  false, true,  END_ROUND",
            "false, true,  false, END_ROUND",
            "false, true,  true,  END_ROUND"})
    void aReconnectEndsWithTheRoundBeforeItGivesUp(boolean stopping, boolean roundOver, boolean expired,
                                                  Reconnect.Step expected) {
        assertThat(Reconnect.step(stopping, roundOver, expired)).isEqualTo(expected);
    }

    private static Arguments row(TryFailure failure, int tries, int maxTries, boolean committing, AfterFailure after) {
        return Arguments.of(failure, tries, maxTries, committing, after);
    }
}
