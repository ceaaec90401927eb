package io.benchlab.lab.compare;

import io.benchlab.results.Figures;
import io.benchlab.results.Latency;
import java.util.function.ToDoubleFunction;

/**
 * What {@code lab compare} compares: the figure of a run (its counted round), the same figure of
 * each round, and its per-interval sample. Failures are the share of transactions that failed for
 * good, so that a run capped to fewer transactions does not look better for failing fewer.
 */
enum Metric {
    TPS("tps", true, true, Figures::tps, IntervalSample::tps),
    P50("p50 ms", false, true, f -> latency(f).p50Ms(), IntervalSample::p50Ms),
    P95("p95 ms", false, true, f -> latency(f).p95Ms(), IntervalSample::p95Ms),
    P99("p99 ms", false, true, f -> latency(f).p99Ms(), IntervalSample::p99Ms),
    FAILURES("failures %", false, false, Metric::failurePercent, IntervalSample::failurePercent);

    final String label;
    final boolean higherIsBetter;
    /** Whether its change is told in percent of the baseline (else in percentage points: failures start at 0). */
    final boolean relative;
    private final ToDoubleFunction<Figures> figure;
    private final ToDoubleFunction<IntervalSample> sample;

    Metric(String label, boolean higherIsBetter, boolean relative, ToDoubleFunction<Figures> figure,
           ToDoubleFunction<IntervalSample> sample) {
        this.label = label;
        this.higherIsBetter = higherIsBetter;
        this.relative = relative;
        this.figure = figure;
        this.sample = sample;
    }

    double of(Figures f) {
        return figure.applyAsDouble(f);
    }

    /** The interval's value, NaN when the interval says nothing about it (no transaction ended in it). */
    double of(IntervalSample s) {
        boolean latency = this != TPS && this != FAILURES;
        return latency && s.committed() == 0 ? Double.NaN : sample.applyAsDouble(s);
    }

    private static Latency latency(Figures f) {
        return f.latency() == null ? new Latency(0, 0, 0, 0, 0, 0, 0, 0, null) : f.latency();
    }

    private static double failurePercent(Figures f) {
        long ended = f.committed() + f.failed();
        return ended == 0 ? 0 : 100.0 * f.failed() / ended;
    }
}
