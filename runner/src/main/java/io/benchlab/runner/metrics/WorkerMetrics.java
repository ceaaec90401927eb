package io.benchlab.runner.metrics;

/**
 * One client's view of the run's {@link RunMetrics}: it times its own statements as laps and
 * records into the shared recorders. Only its own thread uses it.
 */
public final class WorkerMetrics implements StepTimer {

    private final RunMetrics run;
    private long lapStart;

    WorkerMetrics(RunMetrics run) {
        this.run = run;
    }

    /** A client with a run of its own, for code that measures one client alone. */
    public WorkerMetrics() {
        this(new RunMetrics());
    }

    @Override
    public void start() {
        lapStart = System.nanoTime();
    }

    @Override
    public void lap(Step step) {
        long now = System.nanoTime();
        run.step(step, now - lapStart);
        lapStart = now;
    }

    /** A measured transaction committed; its latency runs from its intended start. */
    public void committed(long latencyNanos) {
        run.committed(latencyNanos);
    }

    /** A measured try failed and will be tried again; counted by cause like every failed try. */
    public void retried(String sqlState) {
        run.retried(sqlState);
    }

    /** A measured transaction gave up on its last try; {@code sqlState} may be null. */
    public void failed(String sqlState) {
        run.failed(sqlState);
    }

    public void warmupCommitted() {
        run.warmupCommitted();
    }

    public void warmupFailed() {
        run.warmupFailed();
    }

    /** A commit whose connection broke: the server may or may not have made it durable. Any phase. */
    public void inDoubt() {
        run.inDoubt();
    }

    public long warmupCommittedCount() {
        return run.warmupCommittedCount();
    }

    public long warmupFailedCount() {
        return run.warmupFailedCount();
    }

    public long inDoubtCount() {
        return run.inDoubtCount();
    }

    /** Drains the run this client records into; see {@link RunMetrics#drainInto}. */
    public void drainInto(PhaseTotals into) {
        run.drainInto(into);
    }

    /** The SQLState class ({@code 40}, {@code 08}, ...), or {@code other} when the driver gave none. */
    public static String causeOf(String sqlState) {
        if (sqlState == null || sqlState.length() < 2) {
            return "other";
        }
        String cls = sqlState.substring(0, 2).toUpperCase(java.util.Locale.ROOT);
        return cls.chars().allMatch(ch -> Character.isDigit(ch) || (ch >= 'A' && ch <= 'Z')) ? cls : "other";
    }
}
