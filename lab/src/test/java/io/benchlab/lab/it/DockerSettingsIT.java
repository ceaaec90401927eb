package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Setup;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * `lab run --backend docker --db-set`: the pinned image, the settings on the server's command
 * line, each read back before the load and recorded; an unknown one ends the run before the load.
 * Short runs (1 client, scale 1, 2 s): what is tested is the set-up, not the figures.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DockerSettingsIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    static CliCapture.Outcome run(Path out, String engine, String... settings) {
        List<String> args = new ArrayList<>(List.of("run", "--engine", engine, "--clients", "1", "--scale", "1",
                "--duration", "2s", "--warmup", "0s", "--output", out.toString()));
        args.addAll(Arrays.asList(settings));
        return CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
    }

    static RunResult ok(CliCapture.Outcome o, Path out) throws IOException {
        assertThat(o.exitCode()).as("%s", o).isZero();
        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        return r;
    }

    @Test
    void postgresRunsWithItsSettingsReadBackAndCompareNamesThem(@TempDir Path dir) throws IOException {
        Path tuned = dir.resolve("tuned.json");
        RunResult r = ok(run(tuned, "postgres", "--db-set", "shared_buffers=256MB", "--db-set", "wal_compression=on"),
                tuned);
        assertThat(r.setup().settings()).containsEntry("shared_buffers", new Setup.Given("256MB", "256MB"))
                .containsEntry("wal_compression", new Setup.Given("on", "pglz"));
        assertThat(r.setup().hash()).isEqualTo(Setup.hash("postgres", "durable",
                java.util.Map.of("shared_buffers", "256MB", "wal_compression", "on")));
        assertThat(r.engine().settings()).as("the runner's own read-back agrees")
                .containsEntry("shared_buffers", "256MB").containsEntry("config_file", "/etc/postgresql/postgresql.conf");

        Path plain = dir.resolve("plain.json");
        RunResult p = ok(run(plain, "postgres"), plain);
        assertThat(p.setup()).isNull();
        CliCapture.Outcome compared = CliCapture.run(LabMain::commandLine, "compare", plain.toString(), tuned.toString());
        assertThat(compared.exitCode()).as("%s", compared).isEqualTo(2);
        assertThat(compared.allErr()).contains("given shared_buffers unset vs 256MB",
                "given wal_compression unset vs on").doesNotContain("setting shared_buffers");
    }

    @Test
    void anUnknownSettingEndsTheRunBeforeTheLoadInOneLine(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("failed.json");
        CliCapture.Outcome o = run(out, "postgres", "--db-set", "no_such_setting=1");
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.allErr().strip().lines().filter(l -> l.startsWith("lab: "))).as("%s", o)
                .singleElement().asString().contains("no_such_setting");
        assertThat(o.allErr()).doesNotContain("loading");
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains("no_such_setting");
        assertThat(r.load()).isNull();
    }

    @Test
    void mariadbRunsWithItsBufferPoolReadBackInBytes(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("mariadb.json");
        RunResult r = ok(run(out, "mariadb", "--db-set", "innodb_buffer_pool_size=256M"), out);
        assertThat(r.setup().settings()).containsEntry("innodb_buffer_pool_size",
                new Setup.Given("256M", "268435456"));
    }

    @Test
    void theHsqldbServerTakesADatabasePropertyThroughItsEntrypoint(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("hsqldb.json");
        RunResult r = ok(run(out, "hsqldb-server", "--db-set", "hsqldb.log_size=100"), out);
        assertThat(r.setup().settings()).containsEntry("hsqldb.log_size", new Setup.Given("100", "100"));
        assertThat(r.engine().settings()).containsEntry("hsqldb.log_size", "100");
    }
}
