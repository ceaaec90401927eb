package io.benchlab.lab.compare;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Setup;
import io.benchlab.results.Timestamps;
import io.benchlab.results.Status;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Results made from fixed round values, for the statistics and verdicts: round i committed
 * {@code tps[i]} transactions in one second, with the given p50 and p99, and failed
 * {@code failedPerRound}; the run's figures are the rounds' means (failures summed).
 */
public final class Runs {

    static final Knobs KNOBS = KnobCodec.knobs(new TestWorkload().clients(4).duration(Duration.ofSeconds(1))
            .warmup(Duration.ofSeconds(2)).rounds(8).seed(42).build());

    private Runs() {
    }

    public static RunResult run(String id, double[] tps, double[] p50, double[] p99) {
        return run(id, KNOBS, Map.of(), tps, p50, p99, 0);
    }

    static RunResult run(String id, Knobs knobs, Map<String, String> settings, double[] tps, double[] p50,
                         double[] p99, long failedPerRound) {
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            rounds.add(new Round(i + 1, figures(1, (long) tps[i], failedPerRound, tps[i], p50[i], p99[i])));
        }
        long committed = rounds.stream().mapToLong(r -> r.figures().committed()).sum();
        Figures all = figures(tps.length, committed, failedPerRound * tps.length, mean(tps), mean(p50), mean(p99));
        return new RunResult(RunResult.SCHEMA_VERSION, id, Status.OK, null, List.of(), null, knobs,
                new EngineInfo("hsqldb", "memory", "HSQL Database Engine", "2.7.4", "2.7.4", null, settings), null,
                Placement.of("embedded"), null, null, all, rounds, List.of(), null, null);
    }

    /**
     * A run of a set-up, as a sweep's point leaves it: ENGINE (hsqldb) at CLIENTS, PROFILE, the
     * settings GIVEN (none: no setup section), started at STARTED, its rounds' tps TPS.
     */
    public static RunResult ofSetup(String id, String started, int clients, String profile, Map<String, String> given,
                                    double[] tps) {
        Knobs knobs = KnobCodec.knobs(new TestWorkload().clients(clients).duration(Duration.ofSeconds(1))
                .warmup(Duration.ofSeconds(2)).rounds(tps.length).seed(42).build());
        double[] p50 = Arrays.stream(tps).map(x -> 1000 / x).toArray();
        RunResult r = run(id, knobs, Map.of(), tps, p50, times(p50, 3), 0);
        Map<String, Setup.Given> settings = new TreeMap<>();
        given.forEach((k, v) -> settings.put(k, new Setup.Given(v, v)));
        RunResult placed = new RunResult(r.schemaVersion(), id, r.status(), null, List.of(),
                new Timestamps(started, started, started), knobs,
                new EngineInfo("hsqldb", profile, "HSQL Database Engine", "2.7.4", "2.7.4", null, Map.of()), null,
                r.placement(), null, null, r.figures(), r.rounds(), List.of(), null, null);
        return given.isEmpty() ? placed : placed.withSetup(new Setup(settings, Setup.hash("hsqldb", profile, given)));
    }

    private static Figures figures(double seconds, long committed, long failed, double tps, double p50, double p99) {
        Latency latency = new Latency(committed, p50, p50, p99 * 0.8, p99 * 0.9, p99, p99 * 1.5, p99 * 2, null);
        return new Figures(seconds, committed, failed, 0, 0, tps, Map.of(), latency, null, Map.of(), null, null);
    }

    static Side side(RunResult... runs) {
        return new Side(Arrays.stream(runs).map(r -> new ComparedRun(r.runId(), r)).toList());
    }

    /** The values times a factor: the same noise around another level. */
    public static double[] times(double[] xs, double factor) {
        return Arrays.stream(xs).map(x -> x * factor).toArray();
    }

    static double mean(double[] xs) {
        return Arrays.stream(xs).average().orElseThrow();
    }
}
