package io.benchlab.results;

import java.util.Map;

/**
 * One progress interval; {@code t} is seconds since the start of the round's measured phase
 * and marks the interval's end. {@code reconnects} counts the client connections re-opened in it.
 * The percentiles are the transaction's; {@code statements} has, per statement type that ran in
 * the interval (keyed as in {@link Figures#statements()}), its own count and percentiles.
 * {@code offeredTps} is the rate the schedule offered in the interval (the rate of --rate or of
 * its step, or of the ramp at the interval's middle); null when the clients ran flat out, and in
 * results from before it was recorded. Built through {@link #of}, which names each figure it sets and leaves the others zero.
 */
public record IntervalPoint(
        int round,
        double t,
        double seconds,
        long committed,
        long failed,
        long retried,
        double tps,
        double p50Ms,
        double p90Ms,
        double p95Ms,
        double p99Ms,
        double p999Ms,
        double maxMs,
        long reconnects,
        Map<String, IntervalLatency> statements,
        Double offeredTps) {

    public IntervalPoint {
        statements = statements == null ? Map.of() : Map.copyOf(statements);
    }

    /** The interval of ROUND that ends {@code t} seconds into its measured phase and lasted SECONDS. */
    public static Builder of(int round, double t, double seconds) {
        return new Builder(round, t, seconds);
    }

    /**
     * A warm-up interval ({@code t} from the run's start): its commits and their rate only, as
     * the warm-up keeps no failures, retries or latencies.
     */
    public static IntervalPoint warmup(double t, double seconds, long committed) {
        return of(1, t, seconds).committed(committed).tps(committed / seconds).build();
    }

    /** An interval's figures, each set by name; what is not set is zero (no statements: none ran). */
    public static final class Builder {
        private final int round;
        private final double t;
        private final double seconds;
        private long committed;
        private long failed;
        private long retried;
        private double tps;
        private IntervalLatency latency = new IntervalLatency(0, 0, 0, 0, 0, 0, 0);
        private long reconnects;
        private Map<String, IntervalLatency> statements;
        private Double offeredTps;

        private Builder(int round, double t, double seconds) {
            this.round = round;
            this.t = t;
            this.seconds = seconds;
        }

        public Builder committed(long n) {
            committed = n;
            return this;
        }

        public Builder failed(long n) {
            failed = n;
            return this;
        }

        public Builder retried(long n) {
            retried = n;
            return this;
        }

        public Builder tps(double rate) {
            tps = rate;
            return this;
        }

        /** The transaction's percentiles (their count is the committed transactions', not kept twice). */
        public Builder latency(IntervalLatency transaction) {
            latency = transaction;
            return this;
        }

        /** The transaction's percentiles, in milliseconds. */
        public Builder latencyMs(double p50, double p90, double p95, double p99, double p999, double max) {
            return latency(new IntervalLatency(0, p50, p90, p95, p99, p999, max));
        }

        public Builder reconnects(long n) {
            reconnects = n;
            return this;
        }

        public Builder statements(Map<String, IntervalLatency> perStatement) {
            statements = perStatement;
            return this;
        }

        /** The rate the schedule offered in the interval; null (the default) when unpaced. */
        public Builder offeredTps(Double rate) {
            offeredTps = rate;
            return this;
        }

        public IntervalPoint build() {
            return new IntervalPoint(round, t, seconds, committed, failed, retried, tps, latency.p50Ms(),
                    latency.p90Ms(), latency.p95Ms(), latency.p99Ms(), latency.p999Ms(), latency.maxMs(), reconnects,
                    statements, offeredTps);
        }
    }
}
