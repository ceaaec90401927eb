package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency;
import io.benchlab.results.Figures;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.TpcbLoader;
import io.benchlab.runner.workload.tpcb.TpcbSchema;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Runs against the real servers of the integration tests: small configs, loading only when
 * the loaded scale differs, and the checks every healthy run must pass.
 */
final class ServerRuns {

    private ServerRuns() {
    }

    /** Short test defaults for a server: 1 client, 2 s after a 500 ms warm-up, scale 1, seed 42. */
    static TestWorkload config() {
        return new TestWorkload().clients(1).duration(Duration.ofSeconds(2));
    }

    static Benchmark benchmark(Target target, WorkloadConfig config) {
        return benchmark(target, config, new ResultSink() { });
    }

    static Benchmark benchmark(Target target, WorkloadConfig config, ResultSink sink) {
        return new Benchmark(target, config, RunIds.next(target.engine().name()), Placement.of("external"),
                sink, LoadProgress.SILENT);
    }

    static RunResult run(Target target, WorkloadConfig config) throws IOException {
        return benchmark(target, config).run();
    }

    /** Loads {@code scale} unless the database already holds exactly that scale. */
    static void ensureScale(Target target, int scale) throws SQLException {
        try (Connection c = target.connect()) {
            if (TpcbSchema.present(c) && TpcbSchema.loadedScale(c) == scale) {
                return;
            }
            load(target, c, scale);
        }
    }

    static void load(Target target, Connection c, int scale) throws SQLException {
        new TpcbLoader(target.engine(), Defaults.LOAD_BATCH_SIZE, LoadProgress.SILENT,
                Defaults.LOAD_PROGRESS_EVERY.toNanos()).load(c, scale);
    }

    /** {@code COUNT(*)} of branches, tellers, accounts, history, on a fresh connection. */
    static long[] counts(Target target) throws SQLException {
        String[] tables = {"branches", "tellers", "accounts", "history"};
        long[] counts = new long[tables.length];
        try (Connection c = target.connect(); Statement s = c.createStatement()) {
            for (int i = 0; i < tables.length; i++) {
                try (ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM " + tables[i])) {
                    assertThat(rs.next()).isTrue();
                    counts[i] = rs.getLong(1);
                }
            }
        }
        return counts;
    }

    static void assertValid(RunResult result) {
        assertThat(ResultValidator.validate(result)).as("schema violations").isEmpty();
    }

    /** Status ok and consistent, at least one commit; {@code failed} is left to the caller. */
    static void assertOkAndConsistent(RunResult r) {
        assertThat(r.status().json()).as("status; cause: %s", r.cause()).isEqualTo("ok");
        assertThat(r.cause()).isNull();
        assertThat(r.consistency()).as("consistency").isNotNull();
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.consistency().before().match()).as("sums before").isTrue();
        assertThat(r.consistency().after().match()).as("sums after").isTrue();
        if (r.engine().name().matches("postgres|mysql|mariadb") && !r.knobs().flag("autocommit")) {
            Consistency.ServerCommits closure = r.consistency().serverCommits();
            assertThat(closure).as("the accounting closure").isNotNull();
            if (reconnects(r) == 0) {
                assertThat(closure.agrees()).as(closure.message()).isTrue();
            } else {
                // The server went away: the admin connection the closure reads on went with it.
                assertThat(closure.server()).as(closure.message()).isNull();
                assertThat(closure.message()).startsWith("the server's count could not be read after the run");
            }
        }
        if (r.engine().name().matches("postgres|mysql|mariadb") && "on".equals(r.knobs().text("server_stats"))) {
            assertThat(r.serverStats()).as("the server's side").isNotNull();
            if (reconnects(r) == 0) {
                assertThat(r.serverStats().note()).as("the server's side: note").isNull();
            }
        }
        Figures f = r.figures();
        assertThat(f).isNotNull();
        assertThat(f.committed()).as("committed").isPositive();
        assertThat(r.engine().version()).as("engine.version").isNotBlank();
        assertThat(r.engine().settings()).as("engine.settings").isNotEmpty();
        assertValid(r);
    }

    static long reconnects(RunResult r) {
        return r.intervals().stream().mapToLong(i -> i.reconnects()).sum();
    }

    /** As {@link #assertOkAndConsistent}, and nothing failed for good, nothing in doubt. */
    static void assertHealthy(RunResult r) {
        assertOkAndConsistent(r);
        assertThat(r.figures().failed()).as("failed; by cause %s", r.figures().failuresByCause()).isZero();
        assertThat(r.consistency().inDoubt()).as("in doubt").isZero();
        assertThat(r.consistency().historyRowsAdded()).as("history rows added")
                .isEqualTo(r.consistency().committedTotal());
    }

    static String describe(RunResult r) {
        Figures f = r.figures();
        return r.engine().name() + " " + r.knobs().clients() + " clients: status " + r.status().json()
                + (f == null ? "" : ", committed " + f.committed() + ", retried " + f.retried() + ", failed "
                + f.failed() + ", by cause " + f.failuresByCause())
                + (r.consistency() == null ? "" : ", consistency: " + r.consistency().message());
    }
}
