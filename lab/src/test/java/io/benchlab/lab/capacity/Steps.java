package io.benchlab.lab.capacity;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Steps of a capacity search as the runner leaves them: K rounds of 1,000 transactions each, whose
 * latencies are 980 at a quarter of the round's p99 and 20 at its p99 (so that HdrHistogram's p99
 * of the round is that value), the step's figures those of the rounds' histograms merged.
 */
final class Steps {

    static final long PER_ROUND = 1000;

    private static final Knobs KNOBS = KnobCodec.knobs(new TestWorkload().clients(4).duration(Duration.ofSeconds(5))
            .rounds(5).seed(42).build());

    private Steps() {
    }

    /** An ok step at RATE whose rounds have these p99s (ms), FAILED transactions a round, MISSED starts in all. */
    static RunResult step(double rate, double[] p99, long failed, long missed) {
        List<Round> rounds = new ArrayList<>();
        Histogram all = empty();
        for (int i = 0; i < p99.length; i++) {
            Histogram h = empty();
            h.recordValueWithCount(nanos(p99[i] / 4), PER_ROUND - 20);
            h.recordValueWithCount(nanos(p99[i]), 20);
            all.add(h);
            rounds.add(new Round(i + 1, figures(h, 1, failed, rate, missed / p99.length)));
        }
        Figures figures = figures(all, p99.length, failed * p99.length, rate, missed);
        return new RunResult(RunResult.SCHEMA_VERSION, "step-" + rate, Status.OK, null, List.of(),
                new Timestamps("2025-01-15T10:00:00Z", "2025-01-15T10:00:10Z", "2025-01-15T10:00:40Z"),
                KNOBS.with("rate_tps", rate).with("rounds", p99.length),
                new EngineInfo("hsqldb", "memory", null, null, null, null, null), null, Placement.of("embedded"), null,
                null, figures, rounds, List.of(), null, null);
    }

    /** An ok step whose rounds all have these p99s, with no failures and no missed starts. */
    static RunResult step(double rate, double... p99) {
        return step(rate, p99, 0, 0);
    }

    /** A step whose run failed before a round completed. */
    static RunResult failed(double rate) {
        RunResult r = step(rate, 1, 1, 1, 1, 1);
        return new RunResult(r.schemaVersion(), r.runId(), Status.FAILED, "connection refused", List.of(),
                r.timestamps(), r.knobs(), r.engine(), null, r.placement(), null, null, null, List.of(), List.of(),
                null, null);
    }

    private static Figures figures(Histogram h, int rounds, long failed, double rate, long missed) {
        long committed = h.getTotalCount();
        double seconds = rounds * PER_ROUND / rate;
        long scheduled = committed + failed + missed;
        return new Figures(seconds, committed, failed, 0, 0, committed / seconds, Map.of(), LatencySummary.of(h), null,
                Map.of(), new Schedule(rate, committed / seconds, scheduled, missed), null);
    }

    private static long nanos(double ms) {
        return Math.round(ms * 1e6);
    }

    private static Histogram empty() {
        return new Histogram(Defaults.HISTOGRAM_MAX_NANOS, Defaults.HISTOGRAM_DIGITS);
    }
}
