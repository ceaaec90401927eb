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

    /** {@code t}: seconds from the round's measured start to the interval's end; {@code seconds}: its length. */
    public static IntervalPoint of(int round, double t, double seconds, PhaseTotals interval) {
        Histogram tx = interval.transactions();
        Map<String, IntervalLatency> statements = new TreeMap<>();
        for (Step step : Step.all()) {
            Histogram h = interval.steps()[step.ordinal()];
            if (h.getTotalCount() > 0) {
                statements.put(step.key(), latency(h));
            }
        }
        IntervalLatency l = latency(tx);
        return new IntervalPoint(round, LatencySummary.round3(t), LatencySummary.round3(seconds), interval.committed(),
                interval.failed(), interval.retried(), LatencySummary.round3(interval.committed() / seconds),
                l.p50Ms(), l.p90Ms(), l.p95Ms(), l.p99Ms(), l.p999Ms(), l.maxMs(),
                interval.count(Counter.RECONNECTS), statements);
    }

    static IntervalLatency latency(Histogram h) {
        return new IntervalLatency(h.getTotalCount(), LatencySummary.ms(h.getValueAtPercentile(50)),
                LatencySummary.ms(h.getValueAtPercentile(90)), LatencySummary.ms(h.getValueAtPercentile(95)),
                LatencySummary.ms(h.getValueAtPercentile(99)), LatencySummary.ms(h.getValueAtPercentile(99.9)),
                LatencySummary.ms(h.getMaxValue()));
    }
}
