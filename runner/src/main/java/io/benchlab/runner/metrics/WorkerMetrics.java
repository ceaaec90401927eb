package io.benchlab.runner.metrics;

/**
 * One client's view of the run's {@link RunMetrics}: it times its own statements as laps and
 * records into the shared recorders. Only its own thread uses it.
 */
public final class WorkerMetrics implements StepTimer {

    /** The cause of a try that the statement timeout cancelled (or the engine reported cancelled). */
    public static final String TIMEOUT = "timeout";

    /** SQL's "query canceled" (PostgreSQL, H2 and others use it for a timeout or a cancel). */
    private static final String QUERY_CANCELED = "57014";

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

    /**
     * A transaction committed; its latency runs from its intended start. The clients call this
     * on the measured phase's timer or the warm-up's rehearsal alike, so that the code they run
     * does not change at the measured start (see {@code RoundPlan}).
     */
    public void committed(long latencyNanos) {
        run.committed(latencyNanos);
    }

    /** A measured try failed and will be tried again; counted by cause like every failed try. */
    public void retried(String cause) {
        run.count(Counter.RETRIED, 1);
        run.failedTry(cause);
    }

    /**
     * A measured transaction failed for good after {@code latencyNanos}; {@code exhausted} when it
     * gave up because its retryable failures used up every try.
     */
    public void failed(String cause, long latencyNanos, boolean exhausted) {
        run.count(Counter.FAILED, 1);
        if (exhausted) {
            run.count(Counter.EXHAUSTED, 1);
        }
        run.failedTry(cause);
        run.failed(latencyNanos);
    }

    /** A connection of the measured phase was re-opened after it broke. */
    public void reconnected() {
        run.count(Counter.RECONNECTS, 1);
    }

    /** Scheduled measured transactions that will never start: the client gave up catching up. */
    public void missedStarts(long n) {
        run.count(Counter.MISSED_STARTS, n);
    }

    public void warmupFailed() {
        run.warmupFailed();
    }

    /** Scheduled warm-up transactions dropped when the measured phase began. */
    public void warmupMissedStarts(long n) {
        run.warmupMissedStarts(n);
    }

    /** A commit whose connection broke: the server may or may not have made it durable. Any phase. */
    public void inDoubt() {
        run.inDoubt();
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

    /**
     * What a failed try is counted as: {@link #TIMEOUT} when the statement timeout cancelled it or
     * the engine says the query was canceled, else the SQLState class ({@code 40}, {@code 08},
     * ...), or {@code other} when the driver gave none.
     */
    public static String causeOf(String sqlState, boolean timedOut) {
        if (timedOut || QUERY_CANCELED.equals(sqlState)) {
            return TIMEOUT;
        }
        return causeOf(sqlState);
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
