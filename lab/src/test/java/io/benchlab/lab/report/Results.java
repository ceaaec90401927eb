package io.benchlab.lab.report;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Placement;
import io.benchlab.results.PodSplit;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.results.Warning;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Results for the report's unit tests: the fields the report reads, with figures the test chooses. */
final class Results {

    private Results() {
    }

    /** A run of one round whose intervals are {@code intervalTps}, one a second (its p99 is tps / 100). */
    static RunResult run(String runId, String engine, int clients, double tps, double p50, double p99,
                         double... intervalTps) {
        return rounds(runId, engine, clients, tps, p50, p99, 1, intervalTps);
    }

    /** As {@link #run}, the intervals split evenly over {@code rounds} rounds (the middle one counted). */
    static RunResult rounds(String runId, String engine, int clients, double tps, double p50, double p99, int rounds,
                            double... intervalTps) {
        List<IntervalPoint> intervals = new ArrayList<>();
        int perRound = intervalTps.length / rounds;
        for (int i = 0; i < intervalTps.length; i++) {
            int t = i % Math.max(1, perRound) + 1;
            intervals.add(IntervalPoint.of(i / Math.max(1, perRound) + 1, t, 1).committed((long) intervalTps[i])
                    .tps(intervalTps[i]).latencyMs(p50, p50, p50, intervalTps[i] / 100, p99, p99 * 2).build());
        }
        Figures f = figures(perRound, tps, p50, p99);
        List<Round> all = new ArrayList<>();
        for (int r = 1; r <= rounds; r++) {
            all.add(new Round(r, f));
        }
        return new RunResult(RunResult.SCHEMA_VERSION, runId, Status.OK, null, List.of(),
                new Timestamps("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "2026-01-01T00:01:00Z"),
                knobs(clients), new EngineInfo(engine, "memory", null, null, null, null, Map.of()), null,
                Placement.of("embedded"), null, null, f, all, intervals, null, null);
    }

    /** As {@link #run}, its clients split over {@code pods} client pods. */
    static RunResult split(String runId, String engine, int clients, int pods, double tps, double p50, double p99) {
        RunResult r = run(runId, engine, clients, tps, p50, p99);
        List<PodSplit.Pod> each = new ArrayList<>();
        for (int i = 0; i < pods; i++) {
            each.add(new PodSplit.Pod(i, clients / pods, "node-" + i, "pod-" + i, "2026-01-01T00:00:01Z", 1.0,
                    (long) (tps / pods), tps / pods, p99, ""));
        }
        return r.withPlacement(Placement.of("kubernetes").withClientPods(new PodSplit(pods, 2.0, 0.998, each)));
    }

    /** A run that never reached its measured phase: no figures, no intervals, a cause. */
    static RunResult failed(String runId, String engine, int clients, String cause) {
        return new RunResult(RunResult.SCHEMA_VERSION, runId, Status.FAILED, cause,
                List.of(new Warning("no_figures", 0, cause)),
                new Timestamps("2026-01-01T00:00:00Z", null, "2026-01-01T00:00:05Z"), knobs(clients),
                new EngineInfo(engine, "memory", null, null, null, null, Map.of()), null, Placement.of("docker"), null,
                null, null, List.of(), List.of(), null, null);
    }

    static List<ReportRun> named(RunResult... results) {
        List<Path> files = new ArrayList<>();
        for (RunResult r : results) {
            files.add(Path.of("results", r.runId() + ".json"));
        }
        return ReportRuns.name(files, List.of(results));
    }

    private static Figures figures(double seconds, double tps, double p50, double p99) {
        Latency latency = new Latency((long) (tps * seconds), p50, p50, p99 / 2, p99 / 1.5, p99, p99 * 1.5, p99 * 2, "");
        return new Figures(seconds, (long) (tps * seconds), 0, 0, 0, tps, Map.of(), latency, null, Map.of(), null, null);
    }

    private static Knobs knobs(int clients) {
        return KnobCodec.knobs(new TestWorkload().clients(clients).duration(Duration.ofSeconds(10)).warmup(Duration.ZERO)
                .seed(1).build());
    }
}
