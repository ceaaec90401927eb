package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.BuildImageResultCallback;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.engine.Engines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * Runs that end badly on the docker backend: a database that cannot start, a run past its
 * timeout, a lab stopped by SIGTERM, an image that is not there. Each leaves nothing behind.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DockerFailuresIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @Test
    void aDatabaseWithABadConfigFileFailsTheRunWithItsCause(@TempDir Path dir) throws IOException {
        String pinned = EngineImages.of(Engines.find("postgres").orElseThrow())
                .tag(Engines.find("postgres").orElseThrow().profile("durable"));
        Path context = Files.createDirectories(dir.resolve("bad-config"));
        Files.writeString(context.resolve("postgresql.conf"), "listen_addresses = '*'\nshared_buffers = 'plenty'\n");
        Files.writeString(context.resolve("Dockerfile"),
                "FROM " + pinned + "\nCOPY postgresql.conf /etc/postgresql/postgresql.conf\n");
        String bad = "benchlab-test/postgres-bad-config:it";
        containers.docker().buildImageCmd(context.toFile()).withTags(Set.of(bad))
                .exec(new BuildImageResultCallback()).awaitImageId();
        try {
            Path out = dir.resolve("failed.json");
            CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "postgres",
                    "--db-image", bad, "--duration", "2s", "--output", out.toString());
            assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
            assertThat(o.allErr().strip().lines().filter(l -> l.startsWith("lab: ")))
                    .singleElement().asString().contains("exited", "shared_buffers");
            String json = Files.readString(out);
            assertThat(ResultValidator.validate(json)).isEmpty();
            RunResult r = ResultJson.read(json);
            assertThat(r.status()).isEqualTo(Status.FAILED);
            assertThat(r.cause()).contains("shared_buffers");
            assertThat(r.figures()).isNull();
            assertThat(r.placement().database().image()).endsWith(bad);
        } finally {
            containers.docker().removeImageCmd(bad).withForce(true).exec();
        }
    }

    @Test
    void aRunPastItsTimeoutIsStoppedAndKeepsItsResultAsInterrupted(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("timeout.json");
        // The timeout counts from the database's start: 9 s of set-up before round 1 on a quiet machine here,
        // more than 20 s in CI beside the other lanes once (no transaction measured), so 60 s.
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "hsqldb-server",
                "--clients", "1", "--duration", "5m", "--warmup", "0s", "--timeout", "60s", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.allErr()).contains("passed its timeout of 60 s");
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(r.figures().committed()).isPositive();
        assertThat(r.consistency().ok()).as("%s", r.consistency()).isTrue();
    }

    @Test
    void sigtermStopsTheRunnerWhichWritesItsResultAndTheLabRemovesEverything(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("sigterm.json");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(), "run", "--engine", "postgres",
                "--clients", "2", "--duration", "5m", "--warmup", "0s", "--output", out.toString()));
        Process lab = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder seen = new StringBuilder();
        long signalled = 0;
        Instant signalledAt = null;
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(lab.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = lines.readLine()) != null) {
                seen.append(line).append('\n');
                if (line.startsWith("round 1 ") && signalled == 0) {
                    signalled = System.nanoTime();
                    signalledAt = Instant.now();
                    lab.toHandle().destroy(); // SIGTERM, leaving the output stream open to read to the end
                }
            }
        }
        assertThat(lab.waitFor(90, TimeUnit.SECONDS)).as("%s", seen).isTrue();
        // The promise is the result within 5 s; removing the containers after it took up to 1 s more here.
        assertThat((System.nanoTime() - signalled) / 1e9).as("SIGTERM to exit, containers removed, s; %s", seen)
                .isLessThan(15.0);
        assertThat(lab.exitValue()).as("%s", seen).isEqualTo(143);
        assertThat(seen).as("the summary is printed").contains("status interrupted");
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.status()).as("%s", seen).isEqualTo(Status.INTERRUPTED);
        assertThat(Duration.between(signalledAt, Instant.parse(r.timestamps().finished())))
                .as("SIGTERM to the runner's result (one clock: the container's is the host's)")
                .isLessThan(Duration.ofSeconds(5));
        assertThat(r.placement().backend()).isEqualTo("docker");
        assertThat(r.consistency().ok()).isTrue();
    }

    @Test
    void anImageThatIsNotThereIsOneLineAndExitTwo() {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "mariadb",
                "--db-image", "benchlab-test/not-built:never");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.allErr().strip()).isEqualTo("lab: image benchlab-test/not-built:never is not there: build or pull it first");
    }
}
