package io.benchlab.lab.compare;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Results made from fixed interval samples, for the statistics and verdicts: each interval is one
 * second of round 1, and the figures are the samples' means (failures: {@code failedPerInterval}).
 */
final class Runs {

    static final Knobs KNOBS = new Knobs("tpcb", 1, 4, 10.0, null, 2.0, null, 1, 42, "tpcb", "prepared", false,
            "default", false, 10, 1.0, 10_000, 5.0);

    private Runs() {
    }

    static RunResult run(String id, double[] tps, double[] p50, double[] p99) {
        return run(id, KNOBS, Map.of(), tps, p50, p99, 0);
    }

    static RunResult run(String id, Knobs knobs, Map<String, String> settings, double[] tps, double[] p50,
                         double[] p99, long failedPerInterval) {
        List<IntervalPoint> intervals = new ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            intervals.add(new IntervalPoint(1, i + 1, 1.0, (long) tps[i], failedPerInterval, 0, tps[i], p50[i],
                    p99[i] * 0.8, p99[i] * 0.9, p99[i], p99[i] * 1.5, p99[i] * 2, 0, null));
        }
        double meanP99 = mean(p99);
        long committed = intervals.stream().mapToLong(IntervalPoint::committed).sum();
        Latency latency = new Latency(committed, mean(p50), mean(p50), meanP99 * 0.8, meanP99 * 0.9, meanP99,
                meanP99 * 1.5, meanP99 * 2, null);
        Figures figures = new Figures(tps.length, committed, failedPerInterval * tps.length, 0, 0, mean(tps), Map.of(),
                latency, null, Map.of(), null, null);
        return new RunResult(RunResult.SCHEMA_VERSION, id, Status.OK, null, List.of(), null, knobs,
                new EngineInfo("hsqldb", "memory", "HSQL Database Engine", "2.7.4", "2.7.4", null, settings), null,
                Placement.of("embedded"), null, null, figures, List.of(new Round(1, true, figures)), intervals, null);
    }

    static ComparedRun compared(RunResult r) {
        return ComparedRun.of(r.runId(), r);
    }

    /** The samples times a factor: the same noise around another level. */
    static double[] times(double[] xs, double factor) {
        return Arrays.stream(xs).map(x -> x * factor).toArray();
    }

    static double mean(double[] xs) {
        return Arrays.stream(xs).average().orElseThrow();
    }
}
