package io.benchlab.lab.compare;

import io.benchlab.results.IntervalPoint;

/**
 * One measured interval of a run's transactions, as {@code lab compare} samples it; {@code t}
 * ends it, in seconds from its round's measured start. {@code p95Ms} is NaN where the source has
 * none (results of schema versions before 4 carry p50 and p99 per interval only).
 */
public record IntervalSample(int round, double t, double seconds, long committed, long failed, double tps,
                             double p50Ms, double p95Ms, double p99Ms) {

    static IntervalSample of(IntervalPoint p) {
        // An interval with transactions always has a p95; 0 beside a positive p99 means a file that had none.
        double p95 = p.p95Ms() == 0 && p.p99Ms() > 0 ? Double.NaN : p.p95Ms();
        return new IntervalSample(p.round(), p.t(), p.seconds(), p.committed(), p.failed(), p.tps(), p.p50Ms(), p95,
                p.p99Ms());
    }

    /** Failed for good, in percent of the transactions that ended in the interval; NaN when none did. */
    double failurePercent() {
        long ended = committed + failed;
        return ended == 0 ? Double.NaN : 100.0 * failed / ended;
    }
}
