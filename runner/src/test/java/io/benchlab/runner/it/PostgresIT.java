package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
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
}
