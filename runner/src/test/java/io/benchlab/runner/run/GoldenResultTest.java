package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.Consistency;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Environment;
import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Latency;
import io.benchlab.results.Load;
import io.benchlab.results.Memory;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.driver.RoundOutcome;
import io.benchlab.runner.metrics.IntervalSummary;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import io.benchlab.runner.workload.tpcb.TxInput;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Seals the result JSON: a result built through {@link ResultAssembler#assemble} from fixed
 * inputs (a seeded latency stream recorded through the real metrics classes) must serialize
 * to exactly the bytes of {@code golden/run-result-seed42.json}, whatever the default locale.
 *
 * <p>Regenerate with {@code -Dgolden.update=true} after an intended format change, then read
 * the diff. Statement latencies are recorded straight into {@link PhaseTotals#steps()}:
 * {@link WorkerMetrics#lap} reads {@code System.nanoTime()}, so it has no deterministic path.
 */
class GoldenResultTest {

    static final long SEED = 42L;
    static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "run-result-seed42.json");
    static final String RUN_ID = "20250301T090000Z-hsqldb-2a2a";

    /** Round lengths differ a little, as measured ones do; the run's figures are all of them together. */
    private static final double[] ROUND_SECONDS = {5.001, 4.999, 5.0};
    private static final double INTERVAL_SECONDS = 2.5;
    private static final int INTERVALS_PER_ROUND = 2;
    private static final int CLIENTS = 2;

    @BeforeAll
    static void regenerateWhenAsked() throws IOException {
        if (Boolean.getBoolean("golden.update")) {
            Locale saved = Locale.getDefault();
            try {
                Locale.setDefault(Locale.ROOT);
                Files.createDirectories(GOLDEN.getParent());
                Files.writeString(GOLDEN, ResultJson.write(goldenResult()), StandardCharsets.UTF_8);
                System.err.println("golden file rewritten: " + GOLDEN.toAbsolutePath());
            } finally {
                Locale.setDefault(saved);
            }
        }
    }

    /**
     * Scale 1 given, not derived from the clients: the seeded stream draws branches, so the
     * figures stay those the file has always held, and the result shows a knob given and a warning.
     */
    static WorkloadConfig config() {
        return new TestWorkload().scale(1).clients(CLIENTS).duration(Duration.ofSeconds(5)).warmup(Duration.ofSeconds(1))
                .rounds(ROUND_SECONDS.length).seed(SEED).interval(Duration.ofMillis(2500)).build()
                .requireSupportedBy(Engines.find("hsqldb").orElseThrow());
    }

    /** The fixed inputs, through the real assembler. Deterministic: no clock, one seeded stream. */
    static RunResult goldenResult() {
        WorkloadConfig config = config();
        SplittableRandom random = new SplittableRandom(SEED);
        TxInput in = new TxInput();
        WorkerMetrics[] workers = new WorkerMetrics[CLIENTS];
        for (int w = 0; w < CLIENTS; w++) {
            workers[w] = new WorkerMetrics();
        }
        long deltaSum = 0;
        long historyRows = 0;

        // Warm-up: committed transactions change the balances but count in no figure (the
        // clients time them into a rehearsal, whose commits are the warm-up's count).
        long warmupCommitted = 0;
        for (WorkerMetrics worker : workers) {
            int n = 20 + random.nextInt(10);
            for (int i = 0; i < n; i++) {
                Distribution.TPCB.next(random, config.branches(), in);
                deltaSum += in.delta;
                historyRows++;
                warmupCommitted++;
            }
        }
        workers[1].warmupFailed();

        List<RoundOutcome> rounds = new ArrayList<>();
        List<IntervalPoint> intervals = new ArrayList<>();
        for (int round = 1; round <= ROUND_SECONDS.length; round++) {
            PhaseTotals total = new PhaseTotals();
            for (int k = 1; k <= INTERVALS_PER_ROUND; k++) {
                PhaseTotals interval = new PhaseTotals();
                for (WorkerMetrics worker : workers) {
                    int n = 120 + random.nextInt(120);
                    for (int i = 0; i < n; i++) {
                        Distribution.TPCB.next(random, config.branches(), in);
                        int roll = random.nextInt(100);
                        if (roll == 0) {
                            // Gave up: no history row; its latency goes to the failed histogram.
                            boolean serialization = random.nextBoolean();
                            worker.failed(WorkerMetrics.causeOf(serialization ? "40001" : null, false),
                                    random.nextLong(1_000_000, 9_000_000), serialization);
                            continue;
                        }
                        if (roll <= 3) {
                            worker.retried(WorkerMetrics.causeOf("40001", false));
                        }
                        long tx = random.nextLong(5_000, 40_000); // between-statement overhead
                        for (Step step : Step.all()) {
                            long base = step == Step.COMMIT ? 300_000 : 80_000;
                            // Mostly short, a heavy tail now and then.
                            long nanos = base + (long) (-Math.log(1 - random.nextDouble()) * base);
                            if (random.nextInt(500) == 0) {
                                nanos += random.nextLong(5_000_000, 50_000_000);
                            }
                            interval.steps()[step.ordinal()].recordValue(nanos);
                            tx += nanos;
                        }
                        worker.committed(tx);
                        deltaSum += in.delta;
                        historyRows++;
                    }
                }
                for (WorkerMetrics worker : workers) {
                    worker.drainInto(interval);
                }
                total.add(interval);
                intervals.add(IntervalSummary.of(round, k * INTERVAL_SECONDS, INTERVAL_SECONDS, interval, null));
            }
            rounds.add(new RoundOutcome(round, ROUND_SECONDS[round - 1], total,
                    new Memory(120_000_000L + round * 65_536L, 400_000_000L + round * 1_048_576L)));
        }

        long warmupFailed = 0;
        for (WorkerMetrics worker : workers) {
            warmupFailed += worker.warmupFailedCount();
        }
        DriverOutcome outcome = new DriverOutcome(config.warmup().toNanos() / 1e9, "explicit", warmupCommitted, warmupFailed, 0,
                rounds, intervals, false, null, 0, new PartialLedger());
        Sums before = new Sums(0, 0, 0, 0, 0);
        Sums after = new Sums(deltaSum, deltaSum, deltaSum, deltaSum, historyRows);
        Consistency consistency = ConsistencyVerdict.judge(before, after, outcome.committedTotal(), 0);

        Map<String, String> settings = new TreeMap<>();
        settings.put("hsqldb.tx", "MVCC");
        settings.put("hsqldb.write_delay", "true");
        EngineInfo engine = new EngineInfo("hsqldb", "memory", "HSQL Database Engine", "2.7.4",
                "HSQL Database Engine Driver 2.7.4", "jdbc:hsqldb:mem:benchlab;hsqldb.tx=mvcc", settings);
        Environment environment = new Environment("0.1.0-SNAPSHOT", "0123456789abcdef0123456789abcdef01234567",
                "OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1", "Debian", "Linux 6.1.0-28-amd64", "amd64",
                "Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz", 4, 2_147_483_648L, "bench-host-1",
                List.of("-XX:+UseParallelGC", "-XX:InitialRAMPercentage=25"), null, null, "6.1.0-28-amd64",
                "6e0f3c9a-2b1d-4c8e-9f70-5a4b3c2d1e0f", "none");
        Timestamps timestamps = new Timestamps("2025-03-01T09:00:00.125Z", "2025-03-01T09:00:02.375Z",
                "2025-03-01T09:00:18.911Z");
        Load load = new Load(1, 100_011L, 0.734, "insert-select");
        return ResultAssembler.assemble(new ResultAssembler.Parts(RUN_ID, timestamps, config, engine, environment,
                Placement.of("embedded"), load, outcome, consistency, serverStats(), null));
    }

    /** A server's side as a PostgreSQL run records it: the format is sealed here, whatever the engine above. */
    static ServerStats serverStats() {
        return new ServerStats("pg_stat_database, pg_stat_activity", 100.0, 57, 0.012, List.of(
                new ServerStats.Interval(1, 2.5, 2.503, Map.of("xact_commit", 1_204L, "blks_read", 3L, "wal_bytes", 401_112L),
                        Map.of("CPU:running", 1.25, "LWLock:WALWrite", 0.5)),
                new ServerStats.Interval(1, 5.0, 2.498, Map.of("xact_commit", 1_198L, "blks_read", 0L, "wal_bytes", 398_560L),
                        Map.of("CPU:running", 1.5))), null);
    }

    static String golden() throws IOException {
        assertThat(GOLDEN).as("golden file; generate it with -Dgolden.update=true").exists();
        return Files.readString(GOLDEN, StandardCharsets.UTF_8);
    }

    @ParameterizedTest(name = "locale {0}")
    @ValueSource(strings = {"und", "de-DE", "tr-TR", "ar-SA", "hi-IN", "fr-FR", "th-TH-u-nu-thai"})
    void jsonIsByteForByteTheGoldenFileInEveryLocale(String tag) throws IOException {
        String expected = golden();
        Locale locale = Locale.forLanguageTag(tag);
        Locale savedAll = Locale.getDefault();
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        String actual;
        try {
            Locale.setDefault(locale);
            Locale.setDefault(Locale.Category.DISPLAY, locale);
            Locale.setDefault(Locale.Category.FORMAT, locale);
            actual = ResultJson.write(goldenResult());
        } finally {
            Locale.setDefault(savedAll);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
        }
        assertThat(actual).as("result JSON under locale %s", tag).isEqualTo(expected);
        assertThat(actual.getBytes(StandardCharsets.UTF_8)).isEqualTo(expected.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void goldenFileValidatesAgainstTheSchema() throws IOException {
        assertThat(ResultValidator.validate(golden())).isEmpty();
        assertThat(ResultValidator.validate(goldenResult())).isEmpty();
    }

    @Test
    void goldenFileReadsBackToTheSameResult() throws IOException {
        RunResult read = ResultJson.read(golden());
        assertThat(ResultJson.write(read)).isEqualTo(golden());
    }

    @Test
    void goldenFileIsSensible() throws IOException {
        JsonNode root = ResultJson.mapper().readTree(golden());
        RunResult r = ResultJson.read(golden());
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.cause()).isNull();
        assertThat(r.knobs().seed()).isEqualTo(SEED);
        assertThat(r.consistency().ok()).isTrue();
        assertThat(r.rounds()).hasSize(3);
        // The run's figures are all rounds together.
        assertThat(r.figures().committed()).isEqualTo(r.rounds().stream().mapToLong(x -> x.figures().committed()).sum());
        assertThat(r.figures().seconds()).isCloseTo(r.rounds().stream().mapToDouble(x -> x.figures().seconds()).sum(),
                org.assertj.core.data.Offset.offset(0.002));
        assertThat(r.figures().latency().maxMs()).isEqualTo(
                r.rounds().stream().mapToDouble(x -> x.figures().latency().maxMs()).max().orElseThrow());

        long measuredCommitted = 0;
        for (Round round : r.rounds()) {
            Figures f = round.figures();
            assertThat(f.committed()).isPositive();
            assertThat(f.latency().count()).isEqualTo(f.committed());
            assertThat(f.tps()).isCloseTo(f.committed() / f.seconds(), org.assertj.core.data.Offset.offset(0.001));
            assertThat(f.statements()).containsOnlyKeys(
                    "update_account", "select_account", "update_teller", "update_branch", "insert_history", "commit");
            f.statements().values().forEach(s -> assertThat(s.count()).isEqualTo(f.committed()));
            assertSensible(f.latency());
            f.statements().values().forEach(GoldenResultTest::assertSensible);
            // A transaction is at least as slow as its slowest-at-the-median statement.
            f.statements().values().forEach(s -> assertThat(f.latency().p50Ms()).isGreaterThan(s.p50Ms()));
            long byCause = f.failuresByCause().values().stream().mapToLong(Long::longValue).sum();
            assertThat(byCause).isEqualTo(f.failed() + f.retried());
            List<IntervalPoint> points = r.intervals().stream().filter(p -> p.round() == round.index()).toList();
            assertThat(points).hasSize(2);
            assertThat(points.stream().mapToLong(IntervalPoint::committed).sum()).isEqualTo(f.committed());
            assertThat(points.stream().mapToLong(IntervalPoint::failed).sum()).isEqualTo(f.failed());
            assertThat(points.stream().mapToLong(IntervalPoint::retried).sum()).isEqualTo(f.retried());
            assertThat(points.stream().mapToDouble(IntervalPoint::maxMs).max().orElseThrow())
                    .isEqualTo(f.latency().maxMs());
            measuredCommitted += f.committed();
        }
        assertThat(r.consistency().committedTotal()).isEqualTo(measuredCommitted + r.warmup().committed());
        assertThat(r.consistency().historyRowsAdded()).isEqualTo(r.consistency().committedTotal());
        assertThat(r.consistency().after().match()).isTrue();
        assertThat(root.path("figures").path("failures_by_cause").fieldNames())
                .toIterable().isSubsetOf(List.of("40", "other"));
        Iterator<String> keys = root.fieldNames();
        assertThat(keys).toIterable().startsWith("schema_version", "run_id", "status");
    }

    /** The encoded histogram in the golden file decodes to exactly what the metrics recorded. */
    @Test
    void goldenHistogramsDecodeToTheRecordedValues() throws IOException {
        RunResult fresh = goldenResult();
        RunResult read = ResultJson.read(golden());
        for (int i = 0; i < fresh.rounds().size(); i++) {
            Latency expected = fresh.rounds().get(i).figures().latency();
            Histogram decoded = LatencySummary.decode(read.rounds().get(i).figures().latency().histogram());
            assertThat(decoded.getTotalCount()).isEqualTo(expected.count());
            assertThat(LatencySummary.of(decoded)).isEqualTo(expected);
        }
    }

    private static void assertSensible(Latency l) {
        assertThat(l.p50Ms()).isPositive();
        assertThat(l.p50Ms()).isLessThanOrEqualTo(l.p90Ms());
        assertThat(l.p90Ms()).isLessThanOrEqualTo(l.p95Ms());
        assertThat(l.p95Ms()).isLessThanOrEqualTo(l.p99Ms());
        assertThat(l.p99Ms()).isLessThanOrEqualTo(l.p999Ms());
        assertThat(l.p999Ms()).isLessThanOrEqualTo(l.maxMs());
        assertThat(l.meanMs()).isBetween(0.0, l.maxMs());
        assertThat(l.histogram()).isNotBlank();
    }
}
