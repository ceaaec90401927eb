package io.benchlab.runner.metrics;

/** The per-phase counts the clients keep besides their histograms; drained per interval like them. */
public enum Counter {
    /** Measured transactions that failed for good. */
    FAILED,
    /** Of those, the ones that gave up after max-tries retryable failures. */
    EXHAUSTED,
    /** Tries beyond the first. */
    RETRIED,
    /** Connections re-opened after the old one broke (any phase). */
    RECONNECTS,
    /** Scheduled measured transactions that never started: the clients were too far behind. */
    MISSED_STARTS;

    private static final Counter[] ALL = values();

    static Counter[] all() {
        return ALL;
    }
}
