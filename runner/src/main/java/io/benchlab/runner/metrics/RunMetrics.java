package io.benchlab.runner.metrics;

import io.benchlab.runner.Defaults;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The measurements of all clients of a run: one HdrHistogram {@link Recorder} per transaction
 * and per statement type, and striped counters. Recording is wait-free; the collector drains an
 * interval histogram per type, which adds exactly into round totals and into other processes'
 * results. (Per-client recorders cost the collector one histogram drain per client and type
 * every interval, measured as most of the client's CPU at 32 clients; shared ones cost one.)
 */
public final class RunMetrics {

    private final Recorder transactions = recorder();
    private final Recorder[] steps = new Recorder[Step.all().length];
    private final LongAdder retried = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final Map<String, LongAdder> failuresByCause = new ConcurrentHashMap<>();
    private final LongAdder warmupCommitted = new LongAdder();
    private final LongAdder warmupFailed = new LongAdder();
    private final LongAdder inDoubt = new LongAdder();
    private long drainedFailed;
    private long drainedRetried;
    private final Map<String, Long> drainedCauses = new java.util.HashMap<>();

    private Histogram recycledTx;
    private final Histogram[] recycledSteps = new Histogram[Step.all().length];

    public RunMetrics() {
        for (int i = 0; i < steps.length; i++) {
            steps[i] = recorder();
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
    }

    void retried(String sqlState) {
        retried.increment();
        countCause(sqlState);
    }

    void failed(String sqlState) {
        failed.increment();
        countCause(sqlState);
    }

    void warmupCommitted() {
        warmupCommitted.increment();
    }

    void warmupFailed() {
        warmupFailed.increment();
    }

    void inDoubt() {
        inDoubt.increment();
    }

    private void countCause(String sqlState) {
        failuresByCause.computeIfAbsent(WorkerMetrics.causeOf(sqlState), k -> new LongAdder()).increment();
    }

    public long warmupCommittedCount() {
        return warmupCommitted.sum();
    }

    public long warmupFailedCount() {
        return warmupFailed.sum();
    }

    public long inDoubtCount() {
        return inDoubt.sum();
    }

    /** Moves everything recorded since the last drain into {@code into}. One collector thread only. */
    public void drainInto(PhaseTotals into) {
        recycledTx = transactions.getIntervalHistogram(recycledTx);
        into.transactions().add(recycledTx);
        for (int i = 0; i < steps.length; i++) {
            recycledSteps[i] = steps[i].getIntervalHistogram(recycledSteps[i]);
            into.steps()[i].add(recycledSteps[i]);
        }
        // Counters only grow; an interval gets what they grew by since the last drain.
        long f = failed.sum();
        long r = retried.sum();
        into.addCounts(f - drainedFailed, r - drainedRetried);
        drainedFailed = f;
        drainedRetried = r;
        failuresByCause.forEach((cause, adder) -> {
            long now = adder.sum();
            into.addFailures(cause, now - drainedCauses.getOrDefault(cause, 0L));
            drainedCauses.put(cause, now);
        });
    }
}
