package io.benchlab.runner.pods;

import io.benchlab.results.ClientCpu;
import io.benchlab.results.Figures;
import io.benchlab.results.IntervalLatency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Latency;
import io.benchlab.results.Memory;
import io.benchlab.results.PodSplit;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.results.Warmup;
import io.benchlab.results.Warning;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.metrics.LatencySummary;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * The results of a run's client pods as one result. Counts add; latency comes from the pods'
 * HdrHistograms added together, which is exact, so the merge refuses histograms of different
 * settings; tps is the sum of the pods' own rates. What the leader (pod 0) alone did stands for
 * the run: the load, the consistency verdict, the server's side. A merged interval adds the pods'
 * intervals of the same place in their round; its percentiles are the highest of the pods', an
 * upper bound, since intervals carry no histogram.
 */
public final class PodMerge {

    private PodMerge() {
    }

    /** One pod's result, with its own entry in {@code placement.client_pods}. */
    public static RunResult own(RunResult result, ClientPods pods, int clients) {
        Figures f = result.figures();
        Latency latency = f == null ? LatencySummary.of(empty()) : f.latency();
        PodSplit.Pod pod = new PodSplit.Pod(pods.index(), pods.share(clients), null, null,
                f == null ? null : result.timestamps().measuredStart(), f == null ? null : f.seconds(),
                f == null ? 0 : f.committed(), f == null ? 0 : f.tps(), latency.p99Ms(), latency.histogram());
        return result.withPlacement(result.placement().withClientPods(new PodSplit(pods.count(), null, null,
                List.of(pod))));
    }

    /** One pod's own result, its entry placed: the NODE and POD it ran on. */
    public static RunResult placed(RunResult own, String node, String pod) {
        PodSplit split = own.placement().clientPods();
        return own.withPlacement(own.placement().withClientPods(new PodSplit(split.count(), split.startSkewMs(),
                split.commonWindowSeconds(), split.pods().stream().map(p -> p.placedOn(node, pod)).toList())));
    }

    /** The run: every pod's own result, each with its entry, in any order. */
    public static RunResult merge(List<RunResult> results) {
        List<RunResult> pods = byIndex(results);
        RunResult lead = pods.get(0);
        List<PodSplit.Pod> entries = pods.stream().map(r -> r.placement().clientPods().pods().get(0)).toList();
        requireSameHistograms(entries);
        PodSplit split = new PodSplit(pods.size(), skewMs(entries), commonWindow(entries), entries);
        RunResult notOk = pods.stream().filter(r -> r.status() != Status.OK).findFirst().orElse(null);
        List<Round> rounds = new ArrayList<>();
        for (Round r : lead.rounds()) {
            List<Figures> same = pods.stream().flatMap(p -> p.rounds().stream()).filter(o -> o.index() == r.index())
                    .map(Round::figures).toList();
            rounds.add(new Round(r.index(), figures(same)));
        }
        List<Figures> all = pods.stream().map(RunResult::figures).filter(Objects::nonNull).toList();
        return new RunResult(lead.schemaVersion(), lead.runId(), notOk == null ? Status.OK : notOk.status(),
                notOk == null ? null : "client pod " + notOk.placement().clientPods().pods().get(0).index() + ": "
                        + notOk.cause(), warnings(pods), timestamps(pods), lead.knobs(), lead.engine(),
                lead.environment(), lead.placement().withClientPods(split), lead.load(), warmup(pods),
                all.isEmpty() ? null : figures(all), rounds, intervals(pods), lead.consistency(), lead.serverStats());
    }

    private static List<RunResult> byIndex(List<RunResult> results) {
        List<RunResult> pods = new ArrayList<>(results);
        for (RunResult r : pods) {
            if (r.placement() == null || r.placement().clientPods() == null
                    || r.placement().clientPods().pods().size() != 1) {
                throw new IllegalArgumentException("result " + r.runId() + " is not one client pod's own result");
            }
        }
        pods.sort(Comparator.comparingInt(r -> r.placement().clientPods().pods().get(0).index()));
        for (int i = 0; i < pods.size(); i++) {
            PodSplit own = pods.get(i).placement().clientPods();
            if (own.pods().get(0).index() != i || own.count() != pods.size()) {
                throw new IllegalArgumentException("the results are not those of client pods 0 to " + (pods.size() - 1)
                        + " of one run: found pod " + own.pods().get(0).index() + " of " + own.count());
            }
        }
        return pods;
    }

    /** Histograms of different ranges or precisions do not add exactly: refused, never approximated. */
    private static void requireSameHistograms(List<PodSplit.Pod> entries) {
        Histogram first = LatencySummary.decode(entries.get(0).histogram());
        for (PodSplit.Pod p : entries) {
            Histogram h = LatencySummary.decode(p.histogram());
            if (h.getLowestDiscernibleValue() != first.getLowestDiscernibleValue()
                    || h.getHighestTrackableValue() != first.getHighestTrackableValue()
                    || h.getNumberOfSignificantValueDigits() != first.getNumberOfSignificantValueDigits()) {
                throw new IllegalArgumentException("client pod " + p.index() + "'s histogram has other settings ("
                        + describe(h) + ") than pod 0's (" + describe(first) + "): they do not merge exactly");
            }
        }
    }

    private static String describe(Histogram h) {
        return h.getLowestDiscernibleValue() + ".." + h.getHighestTrackableValue() + " ns, "
                + h.getNumberOfSignificantValueDigits() + " digits";
    }

    private static Double skewMs(List<PodSplit.Pod> entries) {
        List<Instant> starts = entries.stream().map(PodSplit.Pod::measuredStart).filter(Objects::nonNull)
                .map(Instant::parse).toList();
        if (starts.size() != entries.size()) {
            return null;
        }
        return (double) Duration.between(starts.stream().min(Comparator.naturalOrder()).get(),
                starts.stream().max(Comparator.naturalOrder()).get()).toMillis();
    }

    /** From the latest measured start to the earliest measured end; null unless every pod measured. */
    private static Double commonWindow(List<PodSplit.Pod> entries) {
        if (entries.stream().anyMatch(p -> p.measuredStart() == null || p.measuredSeconds() == null)) {
            return null;
        }
        long latestStart = entries.stream().mapToLong(p -> nanos(Instant.parse(p.measuredStart()))).max().getAsLong();
        long earliestEnd = entries.stream().mapToLong(p -> nanos(Instant.parse(p.measuredStart()))
                + Math.round(p.measuredSeconds() * 1e9)).min().getAsLong();
        return LatencySummary.round3((earliestEnd - latestStart) / 1e9);
    }

    private static long nanos(Instant t) {
        return t.getEpochSecond() * 1_000_000_000L + t.getNano();
    }

    private static List<Warning> warnings(List<RunResult> pods) {
        List<Warning> out = new ArrayList<>();
        for (RunResult r : pods) {
            for (Warning w : r.warnings()) {
                if (!out.contains(w)) {
                    out.add(w);
                }
            }
        }
        return out;
    }

    private static Timestamps timestamps(List<RunResult> pods) {
        return new Timestamps(earliest(pods, Timestamps::started), earliest(pods, Timestamps::measuredStart),
                pods.stream().map(r -> r.timestamps().finished()).filter(Objects::nonNull)
                        .max(Comparator.comparing(Instant::parse)).orElse(null));
    }

    private static String earliest(List<RunResult> pods, Function<Timestamps, String> which) {
        return pods.stream().map(r -> which.apply(r.timestamps())).filter(Objects::nonNull)
                .min(Comparator.comparing(Instant::parse)).orElse(null);
    }

    private static Warmup warmup(List<RunResult> pods) {
        List<Warmup> w = pods.stream().map(RunResult::warmup).filter(Objects::nonNull).toList();
        if (w.isEmpty()) {
            return null;
        }
        return new Warmup(w.get(0).seconds(), w.stream().mapToLong(Warmup::committed).sum(),
                w.stream().mapToLong(Warmup::failed).sum(), w.stream().mapToLong(Warmup::missedStarts).sum(),
                w.get(0).ended());
    }

    static Figures figures(List<Figures> fs) {
        Map<String, Long> causes = new TreeMap<>();
        fs.forEach(f -> f.failuresByCause().forEach((cause, n) -> causes.merge(cause, n, Long::sum)));
        Map<String, Latency> statements = new LinkedHashMap<>();
        fs.stream().flatMap(f -> f.statements().keySet().stream()).distinct().forEach(key ->
                statements.put(key, latency(fs.stream().map(f -> f.statements().get(key)).toList())));
        List<Schedule> schedules = fs.stream().map(Figures::schedule).filter(Objects::nonNull).toList();
        double tps = LatencySummary.round3(fs.stream().mapToDouble(Figures::tps).sum());
        Schedule schedule = schedules.isEmpty() ? null : new Schedule(schedules.get(0).targetTps(), tps,
                schedules.stream().mapToLong(Schedule::scheduled).sum(),
                schedules.stream().mapToLong(Schedule::missedStarts).sum());
        List<Memory> memory = fs.stream().map(Figures::memory).filter(Objects::nonNull).toList();
        double seconds = fs.stream().mapToDouble(Figures::seconds).max().orElse(0);
        long committed = fs.stream().mapToLong(Figures::committed).sum();
        return new Figures(seconds, committed, fs.stream().mapToLong(Figures::failed).sum(),
                fs.stream().mapToLong(Figures::exhaustedRetries).sum(), fs.stream().mapToLong(Figures::retried).sum(),
                tps, causes, latency(fs.stream().map(Figures::latency).toList()),
                latency(fs.stream().map(Figures::failedLatency).toList()), statements, schedule,
                memory.isEmpty() ? null : new Memory(memory.stream().mapToLong(Memory::heapLiveMaxBytes).max().getAsLong(),
                        memory.stream().map(Memory::rssPeakBytes).filter(Objects::nonNull).max(Long::compare).orElse(null)),
                clientCpu(fs, seconds, committed));
    }

    /**
     * The pods' CPU and compiling added (each pod's own memory is its own, but the client's cost is
     * all of theirs); null unless every pod tells it.
     */
    private static ClientCpu clientCpu(List<Figures> fs, double seconds, long committed) {
        if (fs.isEmpty() || fs.stream().anyMatch(f -> f.clientCpu() == null)) {
            return null;
        }
        boolean jitKnown = fs.stream().allMatch(f -> f.clientCpu().jitSeconds() != null);
        return ClientCpu.of(fs.stream().mapToDouble(f -> f.clientCpu().cpuSeconds()).sum(), seconds, committed,
                jitKnown ? fs.stream().mapToDouble(f -> f.clientCpu().jitSeconds()).sum() : null);
    }

    /** The pods' histograms added: exact. Null when none of them has one. */
    static Latency latency(List<Latency> latencies) {
        Histogram sum = null;
        for (Latency l : latencies) {
            if (l == null || l.histogram() == null) {
                continue;
            }
            Histogram h = LatencySummary.decode(l.histogram());
            if (sum == null) {
                sum = h;
            } else {
                sum.add(h);
            }
        }
        return sum == null ? null : LatencySummary.of(sum);
    }

    /** The pods' intervals at the same place in the same round, added; percentiles the highest of theirs. */
    private static List<IntervalPoint> intervals(List<RunResult> pods) {
        Map<List<Integer>, List<IntervalPoint>> byPlace = new LinkedHashMap<>();
        for (RunResult r : pods) {
            Map<Integer, Integer> nth = new TreeMap<>();
            for (IntervalPoint p : r.intervals()) {
                int n = nth.merge(p.round(), 1, Integer::sum);
                byPlace.computeIfAbsent(List.of(p.round(), n), k -> new ArrayList<>()).add(p);
            }
        }
        List<IntervalPoint> out = new ArrayList<>();
        byPlace.values().forEach(same -> out.add(interval(same)));
        out.sort(Comparator.comparingInt(IntervalPoint::round).thenComparingDouble(IntervalPoint::t));
        return out;
    }

    private static IntervalPoint interval(List<IntervalPoint> same) {
        IntervalPoint first = same.get(0);
        Map<String, IntervalLatency> statements = new TreeMap<>();
        same.stream().flatMap(p -> p.statements().entrySet().stream()).forEach(e -> statements.merge(e.getKey(),
                e.getValue(), (a, b) -> new IntervalLatency(a.count() + b.count(), Math.max(a.p50Ms(), b.p50Ms()),
                        Math.max(a.p90Ms(), b.p90Ms()), Math.max(a.p95Ms(), b.p95Ms()), Math.max(a.p99Ms(), b.p99Ms()),
                        Math.max(a.p999Ms(), b.p999Ms()), Math.max(a.maxMs(), b.maxMs()))));
        return IntervalPoint.of(first.round(), first.t(), first.seconds())
                .committed(same.stream().mapToLong(IntervalPoint::committed).sum())
                .failed(same.stream().mapToLong(IntervalPoint::failed).sum())
                .retried(same.stream().mapToLong(IntervalPoint::retried).sum())
                .tps(LatencySummary.round3(same.stream().mapToDouble(IntervalPoint::tps).sum()))
                .latencyMs(highest(same, IntervalPoint::p50Ms), highest(same, IntervalPoint::p90Ms),
                        highest(same, IntervalPoint::p95Ms), highest(same, IntervalPoint::p99Ms),
                        highest(same, IntervalPoint::p999Ms), highest(same, IntervalPoint::maxMs))
                .reconnects(same.stream().mapToLong(IntervalPoint::reconnects).sum()).statements(statements)
                // Every pod offers the run-wide rate it was configured with, not its share of it.
                .offeredTps(first.offeredTps()).build();
    }

    private static double highest(List<IntervalPoint> same, java.util.function.ToDoubleFunction<IntervalPoint> f) {
        return same.stream().mapToDouble(f).max().orElse(0);
    }

    private static Histogram empty() {
        return new Histogram(Defaults.HISTOGRAM_MAX_NANOS, Defaults.HISTOGRAM_DIGITS);
    }
}
