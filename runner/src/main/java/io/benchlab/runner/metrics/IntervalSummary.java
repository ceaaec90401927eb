package io.benchlab.runner.metrics;

import io.benchlab.results.IntervalLatency;
import io.benchlab.results.IntervalPoint;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Turns one interval's drained totals into the result's interval point, the transaction's and each statement's. */
public final class IntervalSummary {

    private IntervalSummary() {
    }

    /**
     * {@code t}: seconds from the round's measured start to the interval's end; {@code seconds}: its
     * length; {@code offeredTps}: the rate the schedule offered in it, null when unpaced.
     */
    public static IntervalPoint of(int round, double t, double seconds, PhaseTotals interval, Double offeredTps) {
        Histogram tx = interval.transactions();
        Map<String, IntervalLatency> statements = new TreeMap<>();
        for (Step step : Step.all()) {
            Histogram h = interval.steps()[step.ordinal()];
            if (h.getTotalCount() > 0) {
                statements.put(step.key(), latency(h));
            }
        }
        return IntervalPoint.of(round, LatencySummary.round3(t), LatencySummary.round3(seconds))
                .committed(interval.committed()).failed(interval.failed()).retried(interval.retried())
                .tps(LatencySummary.round3(interval.committed() / seconds)).latency(latency(tx))
                .reconnects(interval.count(Counter.RECONNECTS)).statements(statements)
                .offeredTps(offeredTps == null ? null : LatencySummary.round3(offeredTps)).build();
    }

    static IntervalLatency latency(Histogram h) {
        return new IntervalLatency(h.getTotalCount(), LatencySummary.ms(h.getValueAtPercentile(50)),
                LatencySummary.ms(h.getValueAtPercentile(90)), LatencySummary.ms(h.getValueAtPercentile(95)),
                LatencySummary.ms(h.getValueAtPercentile(99)), LatencySummary.ms(h.getValueAtPercentile(99.9)),
                LatencySummary.ms(h.getMaxValue()));
    }
}
