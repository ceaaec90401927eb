package io.benchlab.lab.compare;

import static io.benchlab.lab.compare.Runs.KNOBS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Setup;
import io.benchlab.runner.core.BadInputException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which differences make runs incomparable, and that a refusal names them all. */
class DifferencesTest {

    private static final double[] TPS = {1000, 1010, 990};
    private static final double[] MS = {1, 1, 1};
    private static final CompareRules STRICT = CompareRules.defaults();

    private static RunResult run(String id, Knobs knobs, Map<String, String> settings) {
        return Runs.run(id, knobs, settings, TPS, MS, MS, 0);
    }

    private static Knobs knobs(int clients, Double rate, long seed, double interval, int loadBatch) {
        return KNOBS.with("clients", clients).with("rate_tps", rate).with("seed", seed).with("interval_seconds", interval)
                .with("load_batch_size", loadBatch);
    }

    @Test
    void theRefusalNamesEveryKnobAndSettingThatDiffers() {
        RunResult base = run("base", KNOBS, Map.of("hsqldb.tx", "MVCC"));
        RunResult other = run("other", knobs(8, 500.0, 42, 1.0, 10_000), Map.of("hsqldb.tx", "LOCKS"));
        assertThat(Differences.refusing(base.withPlacement(null), other.withPlacement(null)))
                .containsExactly("clients 4 vs 8", "rate (none) vs 500", "setting hsqldb.tx MVCC vs LOCKS");
        assertThatThrownBy(() -> Compare.comparisons(List.of(Runs.side(base), Runs.side(other)), STRICT))
                .isInstanceOf(BadInputException.class)
                .hasMessage("refusing to compare other with the baseline base: they differ in clients 4 vs 8,"
                        + " rate (none) vs 500, setting hsqldb.tx MVCC vs LOCKS (--allow-differences compares them"
                        + " anyway)");
    }

    @Test
    void aGivenSettingIsNamedOnceAsGivenAndUnsetWhereOneRunHadNone() {
        RunResult plain = run("plain", KNOBS, Map.of("shared_buffers", "512MB")).withPlacement(null);
        RunResult tuned = run("tuned", KNOBS, Map.of("shared_buffers", "256MB", "wal_compression", "on"))
                .withPlacement(null).withSetup(setup(Map.of("shared_buffers", "256MB", "wal_compression", "on")));
        RunResult more = run("more", KNOBS, Map.of("shared_buffers", "128MB", "wal_compression", "on"))
                .withPlacement(null).withSetup(setup(Map.of("shared_buffers", "128MB", "wal_compression", "on")));
        assertThat(Differences.refusing(plain, tuned))
                .containsExactly("given shared_buffers unset vs 256MB", "given wal_compression unset vs on");
        assertThat(Differences.refusing(more, tuned)).containsExactly("given shared_buffers 128MB vs 256MB");
        assertThat(Differences.cell(tuned, tuned.withSetup(setup(Map.of("shared_buffers", "256MB",
                "wal_compression", "on"))))).isEmpty();
    }

    private static Setup setup(Map<String, String> given) {
        Map<String, Setup.Given> settings = new java.util.TreeMap<>();
        given.forEach((k, v) -> settings.put(k, new Setup.Given(v, v)));
        return new Setup(settings, Setup.hash("hsqldb", "memory", given));
    }

    @Test
    void aKnobThatAnOlderResultLacksIsReadAsTheRunnerReadsItsAbsence() {
        Knobs before = KNOBS.with("server_stats", null).with("driver", null);
        RunResult old = run("old", before, Map.of());
        RunResult jdbc = run("jdbc", withDriver(before, "off", "jdbc"), Map.of());
        RunResult vertx = run("vertx", withDriver(before, "off", "vertx"), Map.of());
        RunResult sampled = run("sampled", withDriver(before, "on", "jdbc"), Map.of());
        assertThat(Differences.refusing(old, jdbc)).isEmpty();
        assertThat(Differences.refusing(old, vertx)).containsExactly("driver jdbc vs vertx");
        assertThat(Differences.refusing(old, sampled)).containsExactly("server-stats off vs on");
    }

    /** Without --scale a run has one branch per client: compared by the branches it had, not by how they were given. */
    @Test
    void aScaleDerivedFromTheClientsIsTheScaleGivenAlike() {
        RunResult derived = run("derived", KNOBS.with("scale", null).with("clients", 8), Map.of());
        RunResult given = run("given", KNOBS.with("scale", 8).with("clients", 8), Map.of());
        RunResult other = run("other", KNOBS.with("scale", 4).with("clients", 8), Map.of());
        assertThat(Differences.refusing(derived, given)).isEmpty();
        assertThat(Differences.refusing(given, derived)).isEmpty();
        assertThat(Differences.refusing(derived, other)).containsExactly("scale 8 vs 4");
        assertThat(Differences.refusing(derived, run("fewer", KNOBS.with("scale", null).with("clients", 4), Map.of())))
                .containsExactly("scale 8 vs 4", "clients 8 vs 4");
    }

    private static Knobs withDriver(Knobs k, String serverStats, String driver) {
        return k.with("server_stats", serverStats).with("driver", driver);
    }

    @Test
    void clientsSplitOverAnotherNumberOfPodsAreAnotherSetUp() {
        RunResult base = run("base", KNOBS, Map.of());
        Placement one = base.placement();
        RunResult split = base.withPlacement(one.withClientPods(new io.benchlab.results.PodSplit(2, 3.0, 9.99,
                List.of())));
        assertThat(Differences.refusing(base, split)).containsExactly("client pods 1 vs 2");
        assertThat(Differences.refusing(split, split)).isEmpty();
    }

    @Test
    void seedIntervalAndLoadBatchMayDifferAndAreTold() {
        RunResult base = run("base", KNOBS, Map.of());
        RunResult other = run("other", knobs(4, null, 7, 0.25, 5_000), Map.of());
        assertThat(Differences.refusing(base, other)).isEmpty();
        assertThat(Differences.told(base, other)).containsExactly("seed 42 vs 7", "interval 1s vs 250ms");
        assertThat(Compare.comparisons(List.of(Runs.side(base), Runs.side(other)), STRICT)).hasSize(1);
    }

    @Test
    void aNewDatabaseImageIsToldByDigestAndAnImageWithoutOneByItsName() {
        RunResult base = run("base", KNOBS, Map.of());
        RunResult pinned = base.withPlacement(docker("benchlab/postgres:17.6-durable", "sha256:aa"));
        RunResult rebuilt = base.withPlacement(docker("benchlab/postgres:17.6-durable", "sha256:bb"));
        RunResult unknown = base.withPlacement(docker("benchlab/postgres:17.6-durable", null));
        assertThat(Differences.told(pinned, rebuilt)).containsExactly("database image"
                + " benchlab/postgres:17.6-durable@sha256:aa vs benchlab/postgres:17.6-durable@sha256:bb");
        assertThat(Differences.told(pinned, unknown)).containsExactly("database image"
                + " benchlab/postgres:17.6-durable@sha256:aa vs benchlab/postgres:17.6-durable");
    }

    /** Two pinned versions of an engine (lab run --engine-version): compared, the image told with both tags. */
    @Test
    void runsOfTwoPinnedVersionsAreComparedAndTheirImagesTold() {
        RunResult base = run("base", KNOBS, Map.of());
        RunResult first = base.withPlacement(docker("benchlab/postgres:17.6-durable", "sha256:aa"));
        RunResult second = base.withPlacement(docker("benchlab/postgres:16.10-durable", "sha256:cc"));
        assertThat(Differences.refusing(first, second)).isEmpty();
        assertThat(Differences.told(first, second)).containsExactly("database image"
                + " benchlab/postgres:17.6-durable@sha256:aa vs benchlab/postgres:16.10-durable@sha256:cc");
        assertThat(Compare.comparisons(List.of(Runs.side(first), Runs.side(second)), STRICT)).hasSize(1);
    }

    /** A capped disk is another disk: a run under --db-write-iops is not compared with one without. */
    @Test
    void aWriteCapOnTheDatabaseIsAnotherSetUp() {
        RunResult base = run("base", KNOBS, Map.of());
        Placement uncapped = docker("benchlab/postgres:17.6-durable", "sha256:aa");
        RunResult free = base.withPlacement(uncapped);
        RunResult capped = base.withPlacement(new Placement("docker", null,
                uncapped.database().withWriteIopsLimit(50L), null));
        assertThat(Differences.refusing(free, capped)).containsExactly("database write IOPS unlimited vs 50");
        assertThat(Differences.refusing(capped, capped)).isEmpty();
    }

    private static Placement docker(String image, String digest) {
        return new Placement("docker", null, new Placement.Side(null, image, digest, 1.0, 1L << 30, "podman", Map.of()),
                null);
    }

    @Test
    void allowedDifferencesAreCompared() {
        RunResult base = run("base", KNOBS, Map.of());
        RunResult other = run("other", knobs(8, null, 42, 1.0, 10_000), Map.of());
        assertThat(Compare.comparisons(List.of(Runs.side(base), Runs.side(other)),
                CompareRules.builder().allow(Allowance.DIFFERENCES).build())).hasSize(1);
    }

    @Test
    void settingsThatNameTheServerInstanceAreNotCompared() {
        RunResult a = mariadb(run("a", KNOBS, Map.of("hostname", "95a6a5fe46e2", "server_uid", "CX7f",
                "log_slow_query_file", "95a6a5fe46e2-slow.log", "innodb_flush_log_at_trx_commit", "1")));
        RunResult b = mariadb(run("b", KNOBS, Map.of("hostname", "e96c2f539b90", "server_uid", "I3P1",
                "log_slow_query_file", "e96c2f539b90-slow.log", "innodb_flush_log_at_trx_commit", "2")));
        assertThat(Differences.refusing(a, b)).containsExactly("setting innodb_flush_log_at_trx_commit 1 vs 2");
    }

    @Test
    void anotherEngineIsNamedWithoutItsSettingsAndLongListsAreCut() {
        RunResult a = run("a", KNOBS, Map.of("x", "1"));
        RunResult b = new RunResult(a.schemaVersion(), "b", a.status(), null, List.of(), null,
                knobs(8, 100.0, 1, 1.0, 10_000), new io.benchlab.results.EngineInfo("h2", "file", null, null, null,
                null, Map.of("y", "2")), null, a.placement(), null, null, a.figures(), a.rounds(), a.intervals(), null,
                null);
        List<String> found = Differences.refusing(a, b);
        assertThat(found).contains("engine hsqldb vs h2", "profile memory vs file").noneMatch(d -> d.startsWith("setting"));
        List<String> many = List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j");
        assertThat(Differences.join(many)).isEqualTo("a, b, c, d, e, f, g, h and 2 more");
    }

    @Test
    void aRunThatIsNotOkIsRefusedUnlessAllowed() {
        RunResult ok = run("ok", KNOBS, Map.of());
        RunResult failed = new RunResult(ok.schemaVersion(), "bad", io.benchlab.results.Status.FAILED, "server gone",
                List.of(), null, ok.knobs(), ok.engine(), null, ok.placement(), null, null, ok.figures(), ok.rounds(),
                ok.intervals(), null, null);
        List<Side> runs = List.of(Runs.side(ok), Runs.side(failed));
        assertThatThrownBy(() -> Compare.comparisons(runs, STRICT)).hasMessage(
                "refusing to compare bad: its status is failed (server gone); --allow-not-ok compares it anyway");
        assertThat(Compare.comparisons(runs, CompareRules.builder().allow(Allowance.NOT_OK).build())).hasSize(1);
    }

    /** The same run on MariaDB, whose instance settings (host name, server ids) its engine names. */
    private static RunResult mariadb(RunResult r) {
        io.benchlab.results.EngineInfo e = r.engine();
        return new RunResult(r.schemaVersion(), r.runId(), r.status(), r.cause(), r.warnings(), r.timestamps(),
                r.knobs(), new io.benchlab.results.EngineInfo("mariadb", "durable", e.productName(), e.version(),
                e.driverVersion(), e.jdbcUrl(), e.settings()), r.environment(), r.placement(), r.load(), r.warmup(),
                r.figures(), r.rounds(), r.intervals(), r.consistency(), null);
    }
}
