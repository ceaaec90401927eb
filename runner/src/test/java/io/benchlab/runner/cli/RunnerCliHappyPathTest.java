package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.run.ExitCodes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** init, run and check through the command line, on private in-memory databases. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class RunnerCliHappyPathTest {

    private String url;
    private String user = "sa";

    @AfterEach
    void dropDatabase() {
        if (url == null) {
            return;
        }
        try (Connection c = DriverManager.getConnection(url, user, "");
             Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // Already gone.
        }
    }

    private String h2() {
        url = "jdbc:h2:mem:cli-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        user = "sa";
        return url;
    }

    private String hsqldb() {
        url = "jdbc:hsqldb:mem:cli-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
        user = "SA";
        return url;
    }

    /** Names and units as a hurried user types them: engine and profile in capitals, "1 sec", "read committed". */
    @Test
    void namesAreCaseInsensitiveAndUnitsMayBeSpelledOut(@TempDir Path dir) throws IOException {
        String jdbc = hsqldb();
        Path out = dir.resolve("run.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "HSQLDB", "--profile", "Memory", "--jdbc-url", jdbc,
                "--clients", "1", "--duration", "1 sec", "--warmup", "0s", "--interval", "0.5s",
                "--isolation", "Read Committed", "--quiet", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.engine().name()).isEqualTo("hsqldb");
        assertThat(r.engine().profile()).isEqualTo("memory");
        assertThat(r.knobs().durationSeconds()).isEqualTo(1.0);
    }

    @Test
    void runWritesAValidResultAtOutput(@TempDir Path dir) throws IOException {
        String jdbc = hsqldb();
        Path out = dir.resolve("nested").resolve("run.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "hsqldb", "--jdbc-url", jdbc,
                "--scale", "1", "--clients", "2", "--duration", "1s", "--warmup", "0s", "--seed", "7", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(out).isRegularFile();
        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.knobs().seed()).isEqualTo(7L);
        assertThat(r.knobs().clients()).isEqualTo(2);
        assertThat(r.knobs().durationSeconds()).isEqualTo(1.0);
        assertThat(r.engine().name()).isEqualTo("hsqldb");
        assertThat(r.engine().jdbcUrl()).isEqualTo(jdbc);
        assertThat(r.placement().backend()).isEqualTo("embedded");
        assertThat(r.load()).as("a fresh database is loaded").isNotNull();
        assertThat(r.load().rows()).isEqualTo(1 + 10 + 100_000);
        assertThat(r.figures().committed()).isPositive();
        assertThat(r.consistency().ok()).isTrue();
        // The summary goes to stdout and names the file; progress goes to stderr.
        assertThat(o.allOut()).contains("status ok").contains(out.toString());
        assertThat(o.allErr()).contains("round 1");
        try (Stream<Path> files = Files.list(out.getParent())) {
            assertThat(files).as("only the result, no temp file").containsExactly(out);
        }
    }

    @Test
    void quietRunPrintsOnlyTheSummary(@TempDir Path dir) {
        Path out = dir.resolve("quiet.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", hsqldb(), "--clients", "1",
                "--duration", "1s", "--warmup", "0s", "--quiet", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).isEmpty();
        assertThat(o.allOut()).contains("status ok");
        assertThat(out).isRegularFile();
    }

    @Test
    void checkSaysConsistentAfterInitAndInconsistentAfterCorruption() throws SQLException {
        String jdbc = h2();
        CliCapture.Outcome init = CliCapture.runner("init", "--engine", "h2", "--jdbc-url", jdbc, "--scale", "1");
        assertThat(init.exitCode()).as("%s", init).isZero();
        assertThat(init.allOut()).contains("loaded scale 1: 100011 rows");

        CliCapture.Outcome ok = CliCapture.runner("check", "--engine", "h2", "--jdbc-url", jdbc);
        assertThat(ok.exitCode()).as("%s", ok).isEqualTo(ExitCodes.OK);
        assertThat(ok.allOut()).startsWith("consistent: ");

        try (Connection c = DriverManager.getConnection(jdbc, "sa", "");
             Statement s = c.createStatement()) {
            assertThat(s.executeUpdate("UPDATE branches SET bbalance = bbalance + 1 WHERE bid = 1")).isEqualTo(1);
        }

        CliCapture.Outcome bad = CliCapture.runner("check", "--engine", "h2", "--jdbc-url", jdbc);
        assertThat(bad.exitCode()).as("%s", bad).isEqualTo(ExitCodes.RUN_FAILED);
        assertThat(bad.allOut()).startsWith("INCONSISTENT: ").contains("branches 1");
    }

    @Test
    void initIsIdempotentAndReinitDropsTheHistory(@TempDir Path dir) throws SQLException {
        String jdbc = h2();
        for (int i = 0; i < 2; i++) {
            CliCapture.Outcome o = CliCapture.runner("init", "--engine", "h2", "--jdbc-url", jdbc, "--scale", "1");
            assertThat(o.exitCode()).as("init #%d: %s", i + 1, o).isZero();
            assertThat(counts(jdbc)).isEqualTo(expectedCounts(1, 0));
        }

        Path out = dir.resolve("run.json");
        CliCapture.Outcome run = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", jdbc, "--scale", "1", "--clients", "2",
                "--duration", "1s", "--warmup", "0s", "--quiet", "--output", out.toString());
        assertThat(run.exitCode()).as("%s", run).isZero();
        Map<String, Long> afterRun = counts(jdbc);
        assertThat(afterRun.get("history")).isPositive();

        CliCapture.Outcome reinit = CliCapture.runner("init", "--engine", "h2", "--jdbc-url", jdbc, "--scale", "1");
        assertThat(reinit.exitCode()).as("%s", reinit).isZero();
        assertThat(counts(jdbc)).isEqualTo(expectedCounts(1, 0));
        assertThat(balances(jdbc)).containsOnly(0L);
    }

    @Test
    void runOnLoadedDataDoesNotReloadButRunInitDoes(@TempDir Path dir) throws IOException {
        String jdbc = h2();
        assertThat(CliCapture.runner("init", "--engine", "h2", "--jdbc-url", jdbc, "--scale", "1").exitCode()).isZero();

        Path first = dir.resolve("first.json");
        CliCapture.Outcome o1 = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", jdbc, "--clients", "1",
                "--duration", "1s", "--warmup", "0s", "--quiet", "--output", first.toString());
        assertThat(o1.exitCode()).as("%s", o1).isZero();
        RunResult r1 = ResultJson.read(first);
        assertThat(r1.load()).as("data was there, nothing loaded").isNull();
        assertThat(r1.consistency().before().historyRows()).isZero();

        Path second = dir.resolve("second.json");
        CliCapture.Outcome o2 = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", jdbc, "--clients", "1",
                "--duration", "1s", "--warmup", "0s", "--quiet", "--output", second.toString());
        assertThat(o2.exitCode()).as("%s", o2).isZero();
        RunResult r2 = ResultJson.read(second);
        assertThat(r2.consistency().before().historyRows()).isEqualTo(r1.consistency().after().historyRows());

        Path third = dir.resolve("third.json");
        CliCapture.Outcome o3 = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", jdbc, "--clients", "1",
                "--duration", "1s", "--warmup", "0s", "--quiet", "--init", "--output", third.toString());
        assertThat(o3.exitCode()).as("%s", o3).isZero();
        RunResult r3 = ResultJson.read(third);
        assertThat(r3.load()).isNotNull();
        assertThat(r3.consistency().before().historyRows()).isZero();
    }

    static Map<String, Long> expectedCounts(int scale, long history) {
        Map<String, Long> m = new LinkedHashMap<>();
        m.put("branches", (long) scale);
        m.put("tellers", 10L * scale);
        m.put("accounts", 100_000L * scale);
        m.put("history", history);
        return m;
    }

    static Map<String, Long> counts(String jdbc) throws SQLException {
        Map<String, Long> m = new LinkedHashMap<>();
        try (Connection c = DriverManager.getConnection(jdbc, "sa", "");
             Statement s = c.createStatement()) {
            for (String table : new String[] {"branches", "tellers", "accounts", "history"}) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + table)) {
                    rs.next();
                    m.put(table, rs.getLong(1));
                }
            }
        }
        return m;
    }

    static java.util.List<Long> balances(String jdbc) throws SQLException {
        try (Connection c = DriverManager.getConnection(jdbc, "sa", "");
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT (SELECT SUM(bbalance) FROM branches),"
                     + " (SELECT SUM(tbalance) FROM tellers), (SELECT SUM(abalance) FROM accounts)")) {
            rs.next();
            return java.util.List.of(rs.getLong(1), rs.getLong(2), rs.getLong(3));
        }
    }
}
