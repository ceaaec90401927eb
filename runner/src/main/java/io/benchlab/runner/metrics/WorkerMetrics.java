package io.benchlab.runner.metrics;

import io.benchlab.runner.Defaults;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

/**
 * One client's measurements. Only its own thread writes, so recording is wait-free and
 * shares no cache line with other clients; the collector drains interval histograms, which
 * add up exactly into round and run totals.
 */
public final class WorkerMetrics implements StepTimer {

    private final SingleWriterRecorder transactions = recorder();
    private final SingleWriterRecorder[] steps = new SingleWriterRecorder[Step.all().length];
    private final AtomicLong retried = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final Map<String, AtomicLong> failuresByCause = new ConcurrentHashMap<>();
    private final AtomicLong warmupCommitted = new AtomicLong();
    private final AtomicLong warmupFailed = new AtomicLong();
    private final AtomicLong inDoubt = new AtomicLong();
    private long lapStart;

    private Histogram recycledTx;
    private final Histogram[] recycledSteps = new Histogram[Step.all().length];

    public WorkerMetrics() {
        for (int i = 0; i < steps.length; i++) {
            steps[i] = recorder();
        }
    }

    static SingleWriterRecorder recorder() {
        return new SingleWriterRecorder(Defaults.HISTOGRAM_MAX_NANOS, Defaults.HISTOGRAM_DIGITS);
    }

    static long clamp(long nanos) {
        return Math.max(0, Math.min(nanos, Defaults.HISTOGRAM_MAX_NANOS));
    }

    @Override
    public void start() {
        lapStart = System.nanoTime();
    }

    @Override
    public void lap(Step step) {
        long now = System.nanoTime();
        steps[step.ordinal()].recordValue(clamp(now - lapStart));
        lapStart = now;
    }

    /** A measured transaction committed; its latency runs from its intended start. */
    public void committed(long latencyNanos) {
        transactions.recordValue(clamp(latencyNanos));
    }

    /** A measured try failed and will be tried again; counted by cause like every failed try. */
    public void retried(String sqlState) {
        retried.incrementAndGet();
        countCause(sqlState);
    }

    /** A measured transaction gave up on its last try; {@code sqlState} may be null. */
    public void failed(String sqlState) {
        failed.incrementAndGet();
        countCause(sqlState);
    }

    private void countCause(String sqlState) {
        failuresByCause.computeIfAbsent(causeOf(sqlState), k -> new AtomicLong()).incrementAndGet();
    }

    public void warmupCommitted() {
        warmupCommitted.incrementAndGet();
    }

    public void warmupFailed() {
        warmupFailed.incrementAndGet();
    }

    /** A commit whose connection broke: the server may or may not have made it durable. Any phase. */
    public void inDoubt() {
        inDoubt.incrementAndGet();
    }

    public long inDoubtCount() {
        return inDoubt.get();
    }

    public long warmupCommittedCount() {
        return warmupCommitted.get();
    }

    public long warmupFailedCount() {
        return warmupFailed.get();
    }

    /** The SQLState class ({@code 40}, {@code 08}, ...), or {@code other} when the driver gave none. */
    public static String causeOf(String sqlState) {
        if (sqlState == null || sqlState.length() < 2) {
            return "other";
        }
        String cls = sqlState.substring(0, 2).toUpperCase(java.util.Locale.ROOT);
        return cls.chars().allMatch(ch -> Character.isDigit(ch) || (ch >= 'A' && ch <= 'Z')) ? cls : "other";
    }

    /** Moves everything recorded since the last drain into {@code into}. Collector thread only. */
    public void drainInto(PhaseTotals into) {
        recycledTx = transactions.getIntervalHistogram(recycledTx);
        into.transactions().add(recycledTx);
        for (int i = 0; i < steps.length; i++) {
            recycledSteps[i] = steps[i].getIntervalHistogram(recycledSteps[i]);
            into.steps()[i].add(recycledSteps[i]);
        }
        into.addCounts(failed.getAndSet(0), retried.getAndSet(0));
        failuresByCause.forEach((cause, count) -> into.addFailures(cause, count.getAndSet(0)));
    }
}
