package io.benchlab.lab.compare;

import io.benchlab.results.IntervalPoint;

/**
 * One measured interval of a run's transactions, as {@code lab compare} samples it; {@code t}
 * ends it, in seconds from its round's measured start. {@code p95Ms} is NaN where the source has
 * none (a result file's series carries p50 and p99 only; InfluxDB's points carry p95 too).
 */
public record IntervalSample(int round, double t, double seconds, long committed, long failed, double tps,
                             double p50Ms, double p95Ms, double p99Ms) {

    static IntervalSample of(IntervalPoint p) {
        return new IntervalSample(p.round(), p.t(), p.seconds(), p.committed(), p.failed(), p.tps(), p.p50Ms(),
                Double.NaN, p.p99Ms());
    }

    /** Failed for good, in percent of the transactions that ended in the interval; NaN when none did. */
    double failurePercent() {
        long ended = committed + failed;
        return ended == 0 ? Double.NaN : 100.0 * failed / ended;
    }
}
