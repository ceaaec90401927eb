package io.benchlab.runner.pods;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.PodSplit;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;

/** Runs the client pods of one run as threads of this JVM, each a whole Benchmark of its own. */
public final class PodRuns {

    private PodRuns() {
    }

    /** Each pod's own result, by index. */
    public static List<RunResult> run(Target target, WorkloadConfig config, String runId, int count) throws Exception {
        return run(target, config, runId, count, pod -> new ResultSink() { });
    }

    /** As above, each pod's live points to its own sink (by index). */
    public static List<RunResult> run(Target target, WorkloadConfig config, String runId, int count,
                                      java.util.function.IntFunction<ResultSink> sinks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<RunResult>> pods = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                ClientPods pod = new ClientPods(i, count);
                ResultSink sink = sinks.apply(i);
                pods.add(pool.submit(() -> new Benchmark(target, config, runId, Placement.of("external"),
                        sink, LoadProgress.SILENT, pod).run()));
            }
            List<RunResult> results = new ArrayList<>();
            for (Future<RunResult> f : pods) {
                results.add(f.get());
            }
            return results;
        } finally {
            pool.shutdownNow();
        }
    }

    /** The pods' histograms decoded from the merged result and added here, as anyone could offline. */
    public static Histogram mergedOffline(RunResult merged) {
        Histogram sum = null;
        for (PodSplit.Pod p : merged.placement().clientPods().pods()) {
            Histogram h = LatencySummary.decode(p.histogram());
            if (sum == null) {
                sum = h;
            } else {
                sum.add(h);
            }
        }
        return sum;
    }

    /**
     * What a merged run of healthy pods must show: the pods' own entries in placement, committed
     * summed, tps summed, the p99 of their histograms merged offline, a start skew within 500 ms, and
     * the leader's consistency check counting every pod's commits, warm-up included.
     */
    public static void assertMergedExactly(RunResult merged, List<RunResult> pods) {
        PodSplit split = merged.placement().clientPods();
        assertThat(split.count()).isEqualTo(pods.size());
        assertThat(split.pods()).extracting(PodSplit.Pod::index).containsExactly(
                java.util.stream.IntStream.range(0, pods.size()).boxed().toArray(Integer[]::new));
        assertThat(split.pods().stream().mapToInt(PodSplit.Pod::clients).sum()).isEqualTo(merged.knobs().clients());
        assertThat(merged.figures().committed()).isEqualTo(pods.stream().mapToLong(r -> r.figures().committed()).sum());
        assertThat(merged.figures().tps()).isCloseTo(pods.stream().mapToDouble(r -> r.figures().tps()).sum(),
                org.assertj.core.api.Assertions.within(0.002 * pods.size()));
        assertThat(merged.figures().clientCpu().cpuSeconds()).as("the pods' CPU added")
                .isCloseTo(pods.stream().mapToDouble(r -> r.figures().clientCpu().cpuSeconds()).sum(),
                        org.assertj.core.api.Assertions.within(1e-6 * pods.size()));
        assertThat(merged.figures().clientCpu().jitSeconds()).as("the pods' JIT CPU added")
                .isCloseTo(pods.stream().mapToDouble(r -> r.figures().clientCpu().jitSeconds()).sum(),
                        org.assertj.core.api.Assertions.within(1e-3 * pods.size()));
        Histogram offline = mergedOffline(merged);
        assertThat(offline.getTotalCount()).isEqualTo(merged.figures().committed());
        assertThat(LatencySummary.ms(offline.getValueAtPercentile(99))).as("p99 of the pods' histograms merged offline")
                .isEqualTo(merged.figures().latency().p99Ms());
        // The barrier starts the pods together: 9 ms at most in 60 split runs on a quiet box (bench
        // pod_skew), but 123 ms once in CI under a load average above 10, where a released process
        // waits for a core. Without the barrier the pods' own start-ups (seconds) would show.
        assertThat(split.startSkewMs()).as("start skew, ms").isNotNull().isLessThanOrEqualTo(500.0);
        assertThat(split.commonWindowSeconds()).as("common window").isPositive();
        long warmup = pods.stream().mapToLong(r -> r.warmup().committed()).sum();
        assertThat(merged.consistency().committedTotal()).as("the leader's check counts every pod's commits")
                .isEqualTo(merged.figures().committed() + warmup);
    }
}
