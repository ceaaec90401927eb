package io.benchlab.runner.driver;

import io.benchlab.results.IntervalPoint;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import java.util.List;

/**
 * What the driver measured. {@code committedTotal} counts every committed transaction of every
 * phase, warm-up included, to hold against the history rows the run added; {@code partials}
 * holds the autocommit transactions that could not be completed, for the same check;
 * {@code warmupEnded} why the warm-up ended (settled, bound, explicit, pods, stopped), null when
 * there was none to end.
 */
public record DriverOutcome(
        double warmupSeconds,
        String warmupEnded,
        long warmupCommitted,
        long warmupFailed,
        long warmupMissedStarts,
        List<RoundOutcome> rounds,
        List<IntervalPoint> intervals,
        boolean interrupted,
        String firstError,
        long inDoubt,
        PartialLedger partials) {

    /** A run stopped before its clients started: nothing measured, status interrupted. */
    public static DriverOutcome stoppedBeforeStart() {
        return new DriverOutcome(0, null, 0, 0, 0, List.of(), List.of(), true, null, 0, new PartialLedger());
    }

    public long committedTotal() {
        return warmupCommitted + rounds.stream().mapToLong(r -> r.totals().committed()).sum();
    }
}
