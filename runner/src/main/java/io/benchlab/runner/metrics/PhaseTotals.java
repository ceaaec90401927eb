package io.benchlab.runner.metrics;

import io.benchlab.runner.Defaults;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Additive totals of a stretch of measured time (an interval, a round): histograms add
 * exactly, so intervals sum into rounds and the results of several clients merge.
 */
public final class PhaseTotals {

    private final Histogram transactions = histogram();
    private final Histogram[] steps = new Histogram[Step.all().length];
    private final Map<String, Long> failuresByCause = new TreeMap<>();
    private long failed;
    private long retried;

    public PhaseTotals() {
        for (int i = 0; i < steps.length; i++) {
            steps[i] = histogram();
        }
    }

    static Histogram histogram() {
        return new Histogram(Defaults.HISTOGRAM_MAX_NANOS, Defaults.HISTOGRAM_DIGITS);
    }

    public Histogram transactions() {
        return transactions;
    }

    public Histogram[] steps() {
        return steps;
    }

    public long committed() {
        return transactions.getTotalCount();
    }

    public long failed() {
        return failed;
    }

    public long retried() {
        return retried;
    }

    public Map<String, Long> failuresByCause() {
        return failuresByCause;
    }

    void addCounts(long failedDelta, long retriedDelta) {
        failed += failedDelta;
        retried += retriedDelta;
    }

    void addFailures(String cause, long count) {
        if (count > 0) {
            failuresByCause.merge(cause, count, Long::sum);
        }
    }

    /** Empties the totals for reuse, so that an interval costs no new histograms. */
    public void reset() {
        transactions.reset();
        for (Histogram step : steps) {
            step.reset();
        }
        failuresByCause.clear();
        failed = 0;
        retried = 0;
    }

    public void add(PhaseTotals other) {
        transactions.add(other.transactions);
        for (int i = 0; i < steps.length; i++) {
            steps[i].add(other.steps[i]);
        }
        failed += other.failed;
        retried += other.retried;
        other.failuresByCause.forEach((cause, count) -> failuresByCause.merge(cause, count, Long::sum));
    }
}
