package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.ServerProbe;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** The postgres engine against the PostgreSQL server of {@code BENCHLAB_PG_*}. */
class PostgresIT extends ServerEngineContract {

    static final String PREFIX = "BENCHLAB_PG";

    @TempDir
    Path dir;

    @Override
    Target target() {
        return ServerTargets.require("postgres", PREFIX);
    }

    @Override
    Isolation contentionIsolation() {
        return Isolation.SERIALIZABLE;
    }


    /** The CI server runs with PostgreSQL's defaults: every commit flushed, so the profile read back is durable. */
    @Override
    void checkEngineInfo(RunResult r) {
        Map<String, String> settings = r.engine().settings();
        assertThat(settings).containsEntry("synchronous_commit", "on").containsEntry("fsync", "on");
        assertThat(r.engine().profile()).isEqualTo("durable");
        assertThat(r.engine().version()).startsWith("PostgreSQL ");
        assertThat(r.engine().productName()).isEqualTo("PostgreSQL");
    }

    @Test
    @Order(6)
    void serverRestartDuringRun() throws Exception {
        serverRestartDuringRun("postgres");
    }

    @Test
    @Order(7)
    void serverDownAcrossRoundBoundary() throws Exception {
        serverDownAcrossRoundBoundary("postgres");
    }

    /**
     * The server ends every client's session while the clients wait for their next start under
     * --rate (pg_terminate_backend, as an idle_session_timeout or a pooler would): each finds its
     * connection closed at its next transaction, counts it lost, reconnects, and the run ends on
     * its time. On Vert.x a transaction sent on such a connection once went unanswered for good.
     */
    @Test
    @Order(9)
    void sessionsEndedBetweenTransactionsAreReconnected() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        WorkloadConfig config = config().clients(4).duration(Duration.ofSeconds(3)).rate(40)
                .serverStats(WorkloadConfig.Sampling.OFF).build();
        Trigger trigger = new Trigger(1, 1.0);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<RunResult> run = pool.submit(ServerRuns.benchmark(target, config, trigger)::run);
            trigger.await();
            assertThat(endClientSessions(target)).as("client sessions ended").isEqualTo(config.clients());
            RunResult r = run.get(60, TimeUnit.SECONDS);
            System.out.println("[sessions ended] " + ServerRuns.describe(r));
            assertThat(r.status().json()).as("status; cause: %s", r.cause()).isEqualTo("ok");
            assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
            assertThat(ServerRuns.reconnects(r)).as("reconnects").isEqualTo(config.clients());
            // The one that sees the close reports 08; the one that reads the server's farewell, 57P01.
            assertThat(r.figures().failuresByCause().keySet()).as("failures by cause").isNotEmpty()
                    .isSubsetOf("08", "57");
            assertThat(r.intervals().stream().filter(i -> i.t() > 1.5).mapToLong(IntervalPoint::committed).sum())
                    .as("committed after the sessions ended").isPositive();
            Consistency c = r.consistency();
            assertThat(c.historyRowsAdded()).isBetween(c.committedTotal(), c.committedTotal() + c.inDoubt());
        } finally {
            pool.shutdownNow();
        }
    }

    /** Ends the sessions whose last statement was one of the transaction's: the clients', not the run's own. */
    private static int endClientSessions(Target target) throws SQLException {
        try (Connection c = target.connect(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                     + " WHERE datname = current_database() AND pid <> pg_backend_pid()"
                     + " AND query ~ '^(BEGIN|COMMIT|ROLLBACK|UPDATE|SELECT abalance|INSERT INTO history)'")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * The password never ends up in the result or on the console; a URL carrying it is refused
     * before anything connects, without echoing it.
     */
    @Test
    @Order(8)
    @ResourceLock(Resources.SYSTEM_OUT)
    @ResourceLock(Resources.SYSTEM_ERR)
    void resultHoldsNoSecret() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        String password = readPassword(PREFIX);
        assertThat(password).as("the CI password").isNotBlank();
        String url = target.jdbcUrl();
        String urlWithPassword = url + (url.contains("?") ? "&" : "?") + "password=" + password;
        for (String given : new String[] {url, urlWithPassword}) {
            Path out = dir.resolve("r" + given.length()).resolve("result.json");
            CliCapture.Outcome o = CliCapture.runner("run", "--engine", "postgres", "--jdbc-url", given,
                    "--user", target.user(), "--password-file", ServerTargets.variable(PREFIX + "_PASSWORD_FILE"),
                    "--scale", "1", "--clients", "2", "--duration", "1s", "--warmup", "0s", "--output", out.toString());
            assertThat(o.everything()).doesNotContain(password);
            if (given.equals(urlWithPassword)) {
                assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
                assertThat(o.allErr().lines()).singleElement().asString().contains("--jdbc-url carries a password");
                assertThat(out).doesNotExist();
                continue;
            }
            assertThat(o.exitCode()).as(o.toString()).isZero();
            String json = Files.readString(out);
            assertThat(json).doesNotContain(password);
            RunResult r = ResultJson.read(out);
            assertThat(r.status().json()).isEqualTo("ok");
            ServerRuns.assertValid(r);
            assertThat(r.engine().jdbcUrl()).as("engine.jdbc_url").isEqualTo(url);
        }
    }

    @Override
    String commitCounter() {
        return "xact_commit";
    }

    /**
     * The sampler asks its few queries many times a second, each on one statement prepared for its
     * connection ({@link ServerProbe.Statements}, which {@code ServerSampler} keeps): the driver parses each once and, past its
     * prepare threshold, the server keeps them prepared too. Made anew at each sample, their text
     * was parsed each time, on the client and on the server.
     */
    @Test
    void theSamplersQueriesArePreparedOnceOnItsConnection() throws SQLException {
        Target target = target();
        ServerProbe probe = target.engine().serverProbe();
        try (Connection c = target.connect()) {
            List<ServerProbe.Counters> counters = probe.applicable(c);
            ServerProbe.Statements statements = new ServerProbe.Statements(c);
            for (int i = 0; i < 8; i++) {
                probe.readWaits(statements);
                ServerProbe.readCounters(statements, counters);
            }
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT count(*) FROM pg_prepared_statements WHERE NOT from_sql")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getInt(1)).as("the waits query and each counters query, prepared on the server")
                        .isEqualTo(1 + counters.size());
            }
        }
    }
}
