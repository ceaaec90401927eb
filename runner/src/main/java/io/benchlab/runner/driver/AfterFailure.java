package io.benchlab.runner.driver;

import io.benchlab.runner.metrics.WorkerMetrics;

/**
 * What a client does after a failed try, decided alike for every driver ({@link Worker} on JDBC,
 * {@link VertxClient} on Vert.x): run it again, or count the transaction as failed for good with
 * its cause (not when the run's stop cut it: the stop cancelled it), and reconnect when the
 * connection is lost. A connection lost while committing leaves the transaction in doubt: the
 * server may have committed it. Pure: {@link #of} is the whole decision.
 *
 * @param retry     run the transaction again at once, as try number {@code tries + 1}
 * @param failedAs  the cause it is counted failed with for good; null when it is not counted
 * @param exhausted it is counted failed because it ran out of tries (its failure was retryable)
 * @param reconnect the connection is lost: open a new one (with {@link Reconnect}'s pauses) before going on
 * @param inDoubt   it failed while committing on a lost connection
 */
record AfterFailure(boolean retry, String failedAs, boolean exhausted, boolean reconnect, boolean inDoubt) {

    /** After try number TRIES of MAX_TRIES failed as FAILURE; COMMITTING: it failed on its commit. */
    static AfterFailure of(TryFailure failure, int tries, int maxTries, boolean committing) {
        boolean inDoubt = failure.lost() && committing;
        if (failure.retryable() && tries < maxTries && !failure.stopping()) {
            return new AfterFailure(true, null, false, false, inDoubt);
        }
        return failure.stopping() ? new AfterFailure(false, null, false, failure.lost(), inDoubt)
                : new AfterFailure(false, failure.cause(), failure.retryable(), failure.lost(), inDoubt);
    }

    /** Counts the transaction as failed for good, {@code latencyNanos} after its (intended) start. */
    void countFailed(WorkerMetrics metrics, boolean measured, long latencyNanos) {
        if (measured) {
            metrics.failed(failedAs, latencyNanos, exhausted);
        } else {
            metrics.warmupFailed();
        }
    }
}
