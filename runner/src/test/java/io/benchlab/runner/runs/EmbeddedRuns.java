package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Shared plumbing for the end-to-end run tests: real embedded engines on private in-memory
 * databases (one per target, so tests in one JVM never share data), small configs, and
 * disposal so the JVM does not keep a 100,000-account database per test.
 */
final class EmbeddedRuns {

    private static final AtomicInteger COUNTER = new AtomicInteger();

    private EmbeddedRuns() {
    }

    static Engine engine(String name) {
        return Engines.find(name).orElseThrow(() -> new IllegalArgumentException("no engine " + name));
    }

    /** A fresh, private in-memory database of the engine's default (in-memory) profile. */
    static Target target(String engineName) {
        Engine e = engine(engineName);
        String db = "runs" + COUNTER.incrementAndGet() + "x" + Long.toHexString(System.nanoTime());
        String url = switch (engineName) {
            case "hsqldb" -> "jdbc:hsqldb:mem:" + db + ";hsqldb.tx=mvcc";
            case "h2" -> "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1";
            case "derby" -> "jdbc:derby:memory:" + db + ";create=true";
            default -> throw new IllegalArgumentException("no URL for " + engineName);
        };
        return new Target(e, e.defaultProfile(), url, e.defaultUser(), Secret.NONE, false);
    }

    /** Drops an in-memory database made by {@link #target}. */
    static void dispose(Target target) {
        String url = target.jdbcUrl();
        try {
            if (url.startsWith("jdbc:derby:")) {
                try {
                    DriverManager.getConnection(url.replace(";create=true", "") + ";drop=true").close();
                } catch (SQLException expected) {
                    // Derby reports a dropped database as 08006.
                }
                return;
            }
            try (Connection c = target.connect(); Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        } catch (SQLException ignored) {
            // Already gone.
        }
    }

    /** Small test defaults: 2 clients, 1 s after a 500 ms warm-up, scale 1, seed 42. */
    static TestWorkload config() {
        return new TestWorkload();
    }

    static Benchmark benchmark(Target target, WorkloadConfig config, ResultSink sink) {
        return new Benchmark(target, config, "test-" + target.engine().name() + "-" + COUNTER.incrementAndGet(),
                Placement.of("embedded"), sink, LoadProgress.SILENT);
    }

    static RunResult run(Target target, WorkloadConfig config) throws IOException {
        return benchmark(target, config, new ResultSink() { }).run();
    }

    /** The result must be valid against the published schema. */
    static void assertValid(RunResult result) {
        List<String> violations = ResultValidator.validate(result);
        assertThat(violations).as("schema violations").isEmpty();
    }

    /** ok, consistent, all counted and no failure; the common core of a healthy run. */
    static void assertHealthy(RunResult r) {
        assertThat(r.status().json()).as("status, cause: %s", r.cause()).isEqualTo("ok");
        assertThat(r.cause()).isNull();
        assertThat(r.consistency()).isNotNull();
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.consistency().before().match()).isTrue();
        assertThat(r.consistency().after().match()).isTrue();
        assertThat(r.consistency().historyRowsAdded()).isEqualTo(r.consistency().committedTotal());
        Figures f = r.figures();
        assertThat(f).isNotNull();
        assertThat(f.committed()).isPositive();
        assertThat(f.failed()).isZero();
        assertValid(r);
    }

    static long sumCommitted(List<IntervalPoint> points, int round) {
        return points.stream().filter(p -> p.round() == round).mapToLong(IntervalPoint::committed).sum();
    }

    /** One row of longs from a query on a fresh connection of the target. */
    static long[] queryRow(Target target, String sql) throws SQLException {
        try (Connection c = target.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            assertThat(rs.next()).isTrue();
            int n = rs.getMetaData().getColumnCount();
            long[] row = new long[n];
            for (int i = 0; i < n; i++) {
                row[i] = rs.getLong(i + 1);
            }
            return row;
        }
    }

    /** All rows of a query as strings, for comparing table contents. */
    static List<String> queryRows(Target target, String sql) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = target.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            int n = rs.getMetaData().getColumnCount();
            while (rs.next()) {
                StringBuilder b = new StringBuilder();
                for (int i = 1; i <= n; i++) {
                    b.append(i == 1 ? "" : "|").append(rs.getString(i));
                }
                rows.add(b.toString().toLowerCase(Locale.ROOT));
            }
        }
        return rows;
    }

    /** A sink that opens {@code latch} at the first measured interval, to act in the middle of a run. */
    static ResultSink countDownOnMeasuredInterval(java.util.concurrent.CountDownLatch latch) {
        return new ResultSink() {
            @Override
            public void onInterval(io.benchlab.runner.sink.Phase phase, IntervalPoint point) {
                if (phase == io.benchlab.runner.sink.Phase.MEASURED) {
                    latch.countDown();
                }
            }
        };
    }
}
