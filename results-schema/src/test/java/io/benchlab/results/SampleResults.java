package io.benchlab.results;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Fixed, realistic run results for tests. {@link #full()} fills every field an ok run can
 * have; {@link #failed()} and {@link #interrupted()} cover the other statuses. Together the
 * three use every property of the schema (see {@code RunResultSchemaTest}).
 */
public final class SampleResults {

    /** A histogram blob; the tests never decode it, it only has to look like base64. */
    static final String HISTOGRAM = "HISTFAAAAEF4nJNpmSzMwMDAxgABzFCaEUzd2QWmKHAwMDAyMTEwMTAxMIMkmJiYmJhZ2VjZOTg5uHlExYQ";

    private SampleResults() {
    }

    /**
     * Knobs as a runner records them, by name and in its order. The failed and the interrupted
     * sample are of runners from before server_stats and driver were knobs.
     */
    static Knobs knobs(Object... namesAndValues) {
        Map<String, Object> knobs = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            knobs.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return Knobs.of(knobs);
    }

    /** A completed two-round H2 run in Docker, every field filled (except cause, which an ok run has not). */
    public static RunResult full() {
        Figures round1 = figures(20.0, 23_850, 4, 41, 1192.5,
                Map.of("40", 43L, "other", 2L),
                latency(23_854, 3.311, 2.851, 5.121, 6.283, 11.407, 24.641, 61.003),
                402_653_184L, 613_416_960L, new Schedule(1500.0, 1192.5, 30_021, 6_167));
        Figures round2 = figures(20.0, 24_010, 3, 37, 1200.5,
                Map.of("40", 38L, "08", 1L, "timeout", 1L),
                latency(24_013, 3.287, 2.833, 5.087, 6.247, 11.351, 23.983, 57.411),
                419_430_400L, 620_756_992L, new Schedule(1500.0, 1200.5, 30_020, 6_007));
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                "20250115T100000Z-h2-default-s10-c4",
                Status.OK,
                null,
                List.of(new Warning("rate_missed", 1196.5, "the target of 1500.0 tps was not met: 1196.5 tps"
                                + " achieved, 12014 of 60043 scheduled transactions never started"),
                        new Warning("reconnects", 1, "clients lost their connection and reconnected 1 time(s):"
                                + " 1 in round 2 at 0.0-10.0 s")),
                new Timestamps("2025-01-15T10:00:00.125Z", "2025-01-15T10:00:41.503Z", "2025-01-15T10:01:22.017Z"),
                knobs("workload", "tpcb", "scale", 10, "clients", 4, "duration_seconds", 20.0, "warmup_seconds", 5.0,
                        "rate_tps", 1500.0, "rounds", 2, "seed", 42L, "distribution", "tpcb", "statements", "prepared",
                        "autocommit", false, "isolation", "read-committed", "select_only", false, "max_tries", 3,
                        "interval_seconds", 10.0, "load_batch_size", 1000, "statement_timeout_seconds", 5.0,
                        "server_stats", "on", "driver", "jdbc"),
                new EngineInfo("h2", "default", "H2", "2.3.232 (2024-08-11)", "2.3.232 (2024-08-11)",
                        "jdbc:h2:tcp://db:9092/benchlab;USER=bench",
                        Map.of("CACHE_SIZE", "65536", "LOCK_TIMEOUT", "10000", "MV_STORE", "TRUE")),
                new Environment("0.1.0-SNAPSHOT", "3f9c2a7e5b1d4c8f9a0b6e2d7c1f4a8b3e5d9c0a",
                        "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1", "Debian",
                        "Linux 6.1.0-28-amd64", "amd64", "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz",
                        4, 2_147_483_648L, "bench-runner-1",
                        java.util.List.of("-XX:+UseParallelGC", "-Xms4g", "-Dbenchlab.token=***"), 2.0, 3_221_225_472L,
                        "6.1.0-28-amd64", "0f1e2d3c-4b5a-4968-8776-655443322110", "docker"),
                new Placement("docker",
                        new Placement.Side("build-host-1", "benchlab/runner:0.1.0",
                                "sha256:9b2d1f0c3e4a5b6c7d8e9f00112233445566778899aabbccddeeff0011223344",
                                2.0, 3_221_225_472L, "docker 27.3.1",
                                Map.of("benchlab.io/role", "runner", "benchlab.io/run", "20250115T100000Z-h2-default-s10-c4")),
                        new Placement.Side("build-host-1", "benchlab/h2:2.3.232",
                                "sha256:0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f9",
                                2.0, 4_294_967_296L, "docker 27.3.1",
                                Map.of("benchlab.io/role", "database"))
                                .withStorage(new Storage("volume", "/var/lib/postgresql/data", null, "ext4",
                                        "rw,relatime rw,discard", 270_553_174_016L, "/dev/vda", true,
                                        new Storage.FlushLatency(500, 0.081, 0.209, 0.467, 8_640.5),
                                        "a named volume: a folder of the container engine's on the node's disk"))
                                .withWriteIopsLimit(3000L)),
                new Load(10, 1_000_110L, 7.842, "batch-insert"),
                new Warmup(5.0, 5_800, 1, 1_690, Warmup.EXPLICIT),
                round2,
                List.of(new Round(1, round1), new Round(2, round2)),
                List.of(
                        interval(1, 10.0, 10.0, 11_900, 2, 20, 1190.0, 2.845, 11.2, 58.3, 0, 1500.0),
                        interval(1, 20.0, 10.0, 11_950, 2, 21, 1195.0, 2.857, 11.6, 61.003, 0, 1500.0),
                        interval(2, 10.0, 10.0, 12_020, 1, 18, 1202.0, 2.829, 11.3, 57.411, 1, 1500.0),
                        interval(2, 20.0, 10.0, 11_990, 2, 19, 1199.0, 2.837, 11.4, 49.875, 0, 1500.0)),
                new Consistency(true, true,
                        new Consistency.Sums(0, 0, 0, 0, 0),
                        new Consistency.Sums(-1_523_977, -1_523_977, -1_523_977, -1_523_977, 53_661),
                        53_660, 53_661L, 1,
                        new Consistency.Partial(2, 1_311, 0, 0, 1),
                        "sums match once 2 autocommit transaction(s) left partly applied are allowed for"
                                + " and committed transactions equal history rows added (1 of 1 in-doubt commits landed)",
                        new Consistency.ServerCommits("pg_stat_database.xact_commit", 53_660, 53_661L, 1, true,
                                "the server counted 53661 commits, the clients 53660 (+ up to 1 in doubt)")),
                new ServerStats("pg_stat_database, pg_stat_wal, pg_stat_activity;"
                        + " docker stats of container benchlab-20250115t100000z-db", 100.0, 1_212, 0.094,
                        List.of(new ServerStats.Interval(1, 10.0, 10.004, Map.of("xact_commit", 11_941L, "wal_bytes", 4_812_330L),
                                Map.of("CPU:running", 2.4, "IO:WALSync", 0.9),
                                new ServerStats.Container(10.011, 7.412, 301_465_600L, 0L, 52_428_800L, 4_186_112L,
                                        3_770_368L))),
                        "counters went back in round 2 at t 10.0 (a server restart or a statistics reset): xact_commit"))
                .withSetup(SETUP);
    }

    /** The full run with its database's data in memory: a tmpfs of the size asked for, which no block device holds. */
    public static RunResult onTmpfs() {
        RunResult r = full();
        Placement p = r.placement();
        return r.withPlacement(new Placement(p.backend(), p.runner(), p.database().withStorage(new Storage("tmpfs",
                "/var/lib/postgresql/data", 2L << 30, "tmpfs", "rw,nosuid,nodev,relatime rw,size=2097152k", 2L << 30,
                null, null, new Storage.FlushLatency(500, 0.0019, 0.0021, 0.17), "memory"))));
    }

    /** The full run with its database's data in a fresh folder under a folder it was given (bind:PATH). */
    public static RunResult onBind() {
        RunResult r = full();
        Placement p = r.placement();
        return r.withPlacement(new Placement(p.backend(), p.runner(), p.database().withStorage(new Storage("bind",
                "/var/lib/postgresql/data", null, "xfs", "rw,relatime rw,attr2", 960_197_124_096L, "/dev/nvme0n1",
                false, new Storage.FlushLatency(500, 0.024, 0.061, 0.2, 31_250.0), "a folder under /srv/bench",
                null, null, "/srv/bench"))));
    }

    /** The full run with its database's data on a claim of a StorageClass (the kubernetes backend's pvc). */
    public static RunResult onClaim() {
        RunResult r = full();
        Placement p = r.placement();
        return r.withPlacement(new Placement(p.backend(), p.runner(), p.database().withStorage(new Storage("pvc",
                "/var/lib/postgresql/data", 1L << 30, "ext4", "rw,relatime rw,discard", 270_582_939_648L, "/dev/vda",
                true, new Storage.FlushLatency(500, 0.41, 1.2, 3.4), "a claim of StorageClass local-path",
                "local-path", "rancher.io/local-path"))));
    }

    /** The full sample's given server settings: one the server reports in its own unit, one it does not report. */
    static final Setup SETUP = new Setup(Map.of(
            "shared_buffers", new Setup.Given("262144kB", "256MB"),
            "custom.note", new Setup.Given("on", null)), "5d41402abc4b");

    /** A run that loaded the data, then failed to connect for the warm-up: no figures, no rounds. */
    public static RunResult failed() {
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                "20250115T110000Z-derby-default-s1-c8",
                Status.FAILED,
                "measured run: SQLNonTransientConnectionException: java.net.ConnectException: Connection refused"
                        + " (SQLState 08001)",
                List.of(),
                new Timestamps("2025-01-15T11:00:00Z", null, "2025-01-15T11:00:03.402Z"),
                knobs("workload", "tpcb", "scale", 1, "clients", 8, "duration_seconds", 60.0, "warmup_seconds", 10.0,
                        "rounds", 1, "seed", -7L, "distribution", "pgbench", "statements", "direct", "autocommit", true,
                        "isolation", "default", "select_only", false, "max_tries", 1, "interval_seconds", 1.0,
                        "load_batch_size", 500, "statement_timeout_seconds", 0.0),
                new EngineInfo("derby", "default", null, null, null, null, null),
                new Environment("0.1.0-SNAPSHOT", null, "OpenJDK 64-Bit Server VM 17.0.15+6", "unknown",
                        "Linux 6.1.0-28-amd64", "aarch64", "unknown", 2, 536_870_912L, null, java.util.List.of(), null, null,
                        null, null, null),
                Placement.of("external"),
                new Load(1, 100_011L, 1.25, "batch-insert"),
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** A count-bound run on Kubernetes, interrupted after the first of three rounds. */
    public static RunResult interrupted() {
        Figures round1 = figures(40.0, 24_989, 3, 57, 624.725,
                Map.of("40", 60L),
                latency(24_992, 13.02, 12.1, 18.7, 21.9, 30.4, 52.8, 77.1),
                201_326_592L, null, null);
        return new RunResult(
                RunResult.SCHEMA_VERSION,
                "20250115T120000Z-hsqldb-mvcc-s5-c16",
                Status.INTERRUPTED,
                "interrupted before the run finished; after-run check not checked: the run was stopped while the"
                        + " database did not answer (canceling statement due to user request)",
                List.of(new Warning("zero_tps", 2.0, "2.0 s of the measured phase passed without a commit:"
                        + " round 1 38.0-40.0 s")),
                new Timestamps("2025-01-15T12:00:00Z", "2025-01-15T12:00:15Z", "2025-01-15T12:01:05.5Z"),
                knobs("workload", "tpcb", "scale", 5, "clients", 16, "transactions_per_client", 1_562L,
                        "warmup_seconds", 0.0, "rounds", 3, "seed", 1L, "distribution", "tpcb", "statements", "prepared",
                        "autocommit", false, "isolation", "serializable", "select_only", false, "max_tries", 5,
                        "interval_seconds", 5.0, "load_batch_size", 2000, "statement_timeout_seconds", 10.0),
                new EngineInfo("hsqldb", "mvcc", "HSQL Database Engine", "2.7.4", "2.7.4",
                        "jdbc:hsqldb:hsql://hsqldb-0.hsqldb:9001/bench",
                        Map.of("hsqldb.tx", "mvcc")),
                new Environment("0.1.0-SNAPSHOT", "unknown", "OpenJDK 64-Bit Server VM 17.0.15+6", "Eclipse Adoptium",
                        "Linux 5.15.0-1057-gke", "amd64", "AMD EPYC 7B13", 2, 1_073_741_824L, "benchlab-runner-x7k2p",
                        java.util.List.of("-XX:MaxRAMPercentage=75"), 2.0, 2_147_483_648L, "5.15.0-1057-gke",
                        "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "kubernetes"),
                new Placement("kubernetes",
                        new Placement.Side("gke-pool-1-a", "benchlab/runner:0.1.0", null, 2.0, 2_147_483_648L,
                                "containerd 1.7.12", null, "benchlab-x7k2p-runner-abcde", "Guaranteed", "v1.33.13",
                                new Placement.Resources(4, 16L << 30), new Placement.Resources(3.92, 15L << 30), "kubelet"),
                        new Placement.Side("gke-pool-1-b", "benchlab/hsqldb-server:2.7.4-durable",
                                "sha256:9b2d1f0c3e4a5b6c7d8e9f00112233445566778899aabbccddeeff0011223344", 0.5,
                                1L << 30, null, Map.of("benchlab.io/run-id", "x7k2p"), "benchlab-x7k2p-db", "Guaranteed",
                                "v1.33.13", null, null, "pod spec"),
                        new Placement.Cluster("v1.33.13", "benchlab"),
                        new PodSplit(2, 4.0, 39.996, List.of(
                                new PodSplit.Pod(0, 8, "gke-pool-1-a", "benchlab-x7k2p-runner-0-abcde",
                                        "2025-01-15T12:00:15Z", 40.0, 12_501, 312.525, 30.1, HISTOGRAM),
                                new PodSplit.Pod(1, 8, "gke-pool-1-c", "benchlab-x7k2p-runner-1-fghij",
                                        "2025-01-15T12:00:15.004Z", 39.996, 12_488, 312.231, 30.6, HISTOGRAM)))),
                null,
                null,
                round1,
                List.of(new Round(1, round1)),
                List.of(interval(1, 5.0, 5.0, 3_010, 0, 0, 602.0, 12.2, 29.8, 77.1, 0, null)),
                new Consistency(false, false, new Consistency.Sums(0, 0, 0, 0, 0), null, 27_450, null, 0, null,
                        "not checked: the run was stopped while the database did not answer"
                                + " (canceling statement due to user request)", null),
                null);
    }

    static Latency latency(long count, double mean, double p50, double p90, double p95, double p99,
            double p999, double max) {
        return new Latency(count, mean, p50, p90, p95, p99, p999, max, HISTOGRAM);
    }

    /** Figures with one latency per statement derived from the transaction latency. */
    static Figures figures(double seconds, long committed, long failed, long retried, double tps,
            Map<String, Long> failuresByCause, Latency tx, long heapLive, Long rssPeak, Schedule schedule) {
        Map<String, Latency> statements = Map.of(
                "update_account", scaled(tx, 0.31),
                "select_account", scaled(tx, 0.09),
                "update_teller", scaled(tx, 0.21),
                "update_branch", scaled(tx, 0.22),
                "insert_history", scaled(tx, 0.07),
                "commit", scaled(tx, 0.10));
        Latency failedLatency = failed == 0 ? null : latency(failed, 5_003.1, 5_001.0, 5_004.0, 5_004.0, 5_004.0,
                5_004.0, 5_004.2);
        return new Figures(seconds, committed, failed, failed / 2, retried, tps, failuresByCause, tx, failedLatency,
                statements, schedule, new Memory(heapLive, rssPeak), ClientCpu.of(seconds * 0.42, seconds, committed, seconds * 0.004));
    }

    /** A statement's share of a transaction latency, rounded to microseconds so the JSON stays short. */
    private static Latency scaled(Latency tx, double share) {
        return new Latency(tx.count(), us(tx.meanMs() * share), us(tx.p50Ms() * share), us(tx.p90Ms() * share),
                us(tx.p95Ms() * share), us(tx.p99Ms() * share), us(tx.p999Ms() * share), us(tx.maxMs() * share),
                HISTOGRAM);
    }

    private static double us(double ms) {
        return Math.round(ms * 1000.0) / 1000.0;
    }

    /**
     * An interval whose other percentiles lie between p50 and p99 (p90, p95) and between p99 and max
     * (p99.9), with two statement types: a full interval as the driver makes one; OFFERED null when unpaced.
     */
    static IntervalPoint interval(int round, double t, double seconds, long committed, long failed, long retried,
                                  double tps, double p50, double p99, double max, long reconnects, Double offered) {
        double p90 = Math.round((p50 + (p99 - p50) * 0.6) * 1000) / 1000.0;
        double p95 = Math.round((p50 + (p99 - p50) * 0.8) * 1000) / 1000.0;
        double p999 = Math.round((p99 + (max - p99) * 0.5) * 1000) / 1000.0;
        return IntervalPoint.of(round, t, seconds).committed(committed).failed(failed).retried(retried).tps(tps)
                .latencyMs(p50, p90, p95, p99, p999, max).reconnects(reconnects).statements(Map.of(
                        "update_account", new IntervalLatency(committed + failed, 0.412, 0.9, 1.1, 2.25, 4.5, 9.75),
                        "commit", new IntervalLatency(committed, 0.8, 1.5, 2.0, 3.125, 6.0, 12.5))).offeredTps(offered)
                .build();
    }
}
