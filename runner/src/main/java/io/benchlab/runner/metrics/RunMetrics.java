package io.benchlab.runner.metrics;

import io.benchlab.runner.Defaults;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The measurements of all clients of a run: one HdrHistogram {@link Recorder} per transaction
 * outcome and per statement type, and striped counters. Recording is wait-free; the collector
 * drains an interval histogram per type, which adds exactly into round totals and into other
 * processes' results. (Per-client recorders cost the collector one histogram drain per client and
 * type every interval, measured as most of the client's CPU at 32 clients; shared ones cost one.)
 */
public final class RunMetrics {

    private final Recorder transactions = recorder();
    private final Recorder failedTransactions = recorder();
    private final Recorder[] steps = new Recorder[Step.all().length];
    private final LongAdder[] counters = new LongAdder[Counter.all().length];
    private final Map<String, LongAdder> failuresByCause = new ConcurrentHashMap<>();
    /** Every commit recorded here: a warm-up's count is its rehearsal's (see {@code WorkerMetrics#committed}). */
    private final LongAdder committed = new LongAdder();
    private final LongAdder warmupFailed = new LongAdder();
    private final LongAdder warmupMissedStarts = new LongAdder();
    private final LongAdder inDoubt = new LongAdder();

    // The collector's side: what it drained so far, and histograms it recycles.
    private final long[] drained = new long[Counter.all().length];
    private final Map<String, Long> drainedCauses = new HashMap<>();
    private Histogram recycledTx;
    private Histogram recycledFailed;
    private final Histogram[] recycledSteps = new Histogram[Step.all().length];

    public RunMetrics() {
        for (int i = 0; i < steps.length; i++) {
            steps[i] = recorder();
        }
        for (int i = 0; i < counters.length; i++) {
            counters[i] = new LongAdder();
        }
    }

    private static Recorder recorder() {
        return new Recorder(Defaults.HISTOGRAM_MAX_NANOS, Defaults.HISTOGRAM_DIGITS);
    }

    static long clamp(long nanos) {
        return Math.max(0, Math.min(nanos, Defaults.HISTOGRAM_MAX_NANOS));
    }

    /** A fresh per-client timer that records here. */
    public WorkerMetrics worker() {
        return new WorkerMetrics(this);
    }

    void step(Step step, long nanos) {
        steps[step.ordinal()].recordValue(clamp(nanos));
    }

    void committed(long latencyNanos) {
        transactions.recordValue(clamp(latencyNanos));
        committed.increment();
    }

    void failed(long latencyNanos) {
        failedTransactions.recordValue(clamp(latencyNanos));
    }

    void count(Counter counter, long n) {
        counters[counter.ordinal()].add(n);
    }

    void failedTry(String cause) {
        failuresByCause.computeIfAbsent(cause, k -> new LongAdder()).increment();
    }

    void warmupFailed() {
        warmupFailed.increment();
    }

    void warmupMissedStarts(long n) {
        warmupMissedStarts.add(n);
    }

    void inDoubt() {
        inDoubt.increment();
    }

    /** The transactions committed here so far. */
    public long committedCount() {
        return committed.sum();
    }

    public long warmupFailedCount() {
        return warmupFailed.sum();
    }

    public long warmupMissedStartsCount() {
        return warmupMissedStarts.sum();
    }

    public long inDoubtCount() {
        return inDoubt.sum();
    }

    /** Moves everything recorded since the last drain into {@code into}. One collector thread only. */
    public void drainInto(PhaseTotals into) {
        recycledTx = transactions.getIntervalHistogram(recycledTx);
        into.transactions().add(recycledTx);
        recycledFailed = failedTransactions.getIntervalHistogram(recycledFailed);
        into.failedTransactions().add(recycledFailed);
        for (int i = 0; i < steps.length; i++) {
            recycledSteps[i] = steps[i].getIntervalHistogram(recycledSteps[i]);
            into.steps()[i].add(recycledSteps[i]);
        }
        // Counters only grow; an interval gets what they grew by since the last drain.
        for (Counter c : Counter.all()) {
            long now = counters[c.ordinal()].sum();
            into.addCount(c, now - drained[c.ordinal()]);
            drained[c.ordinal()] = now;
        }
        failuresByCause.forEach((cause, adder) -> {
            long now = adder.sum();
            into.addFailures(cause, now - drainedCauses.getOrDefault(cause, 0L));
            drainedCauses.put(cause, now);
        });
    }
}
