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
    private final Histogram failedTransactions = histogram();
    private final Histogram[] steps = new Histogram[Step.all().length];
    private final Map<String, Long> failuresByCause = new TreeMap<>();
    private final long[] counts = new long[Counter.all().length];

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

    /** Latency of the transactions that failed for good, from (intended) start to the last failure. */
    public Histogram failedTransactions() {
        return failedTransactions;
    }

    public Histogram[] steps() {
        return steps;
    }

    public long committed() {
        return transactions.getTotalCount();
    }

    public long count(Counter counter) {
        return counts[counter.ordinal()];
    }

    public long failed() {
        return count(Counter.FAILED);
    }

    public long retried() {
        return count(Counter.RETRIED);
    }

    public Map<String, Long> failuresByCause() {
        return failuresByCause;
    }

    void addCount(Counter counter, long delta) {
        counts[counter.ordinal()] += delta;
    }

    void addFailures(String cause, long count) {
        if (count > 0) {
            failuresByCause.merge(cause, count, Long::sum);
        }
    }

    /** Empties the totals for reuse, so that an interval costs no new histograms. */
    public void reset() {
        transactions.reset();
        failedTransactions.reset();
        for (Histogram step : steps) {
            step.reset();
        }
        failuresByCause.clear();
        java.util.Arrays.fill(counts, 0);
    }

    public void add(PhaseTotals other) {
        transactions.add(other.transactions);
        failedTransactions.add(other.failedTransactions);
        for (int i = 0; i < steps.length; i++) {
            steps[i].add(other.steps[i]);
        }
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        other.failuresByCause.forEach((cause, count) -> failuresByCause.merge(cause, count, Long::sum));
    }
}
