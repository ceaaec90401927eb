package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.engine.Engines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * `lab run --backend docker` end to end on real containers: the engine's pinned image and the
 * runner image (`make images`), through the Docker API at DOCKER_HOST. Every test also checks
 * that the run left no container and no network behind.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class DockerBackendIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    @ParameterizedTest(name = "{0} {1} with {2} clients")
    @CsvSource({
        "postgres, durable, 1, 15.", "postgres, relaxed, 8, 15.",
        "mariadb, durable, 1, 10.11", "mariadb, relaxed, 8, 10.11",
        "hsqldb-server, durable, 1, 2.7.4", "hsqldb-server, relaxed, 8, 2.7.4"})
    void aRunCompletesInContainersAndRecordsBothSides(String engine, String profile, int clients,
                                                      String serverVersion, @TempDir Path dir) throws IOException {
        Path out = dir.resolve("result.json");
        CliCapture.Outcome o = lab("run", "--engine", engine, "--profile", profile, "--clients", "" + clients,
                "--duration", "2s", "--warmup", "1s", "--scale", "1", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).contains("ready in", "round 1 ");
        assertThat(o.allOut()).contains("status ok", out.toString());

        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.engine().name()).isEqualTo(engine);
        assertThat(r.engine().profile()).as("the profile read back from the server").isEqualTo(profile);
        assertThat(r.engine().version()).as("the real server version, stand-in or not").contains(serverVersion);
        assertThat(r.engine().jdbcUrl()).doesNotContain("password");
        if (engine.equals("postgres")) {
            assertThat(r.engine().settings()).as("the image's config file, read back")
                    .containsEntry("shared_buffers", "512MB")
                    .containsEntry("config_file", "/etc/postgresql/postgresql.conf");
        }
        assertThat(r.figures().committed()).isPositive();
        assertThat(r.consistency().ok()).isTrue();
        if (!engine.equals("hsqldb-server")) {
            assertThat(r.consistency().serverCommits().agrees()).as(r.consistency().serverCommits().message()).isTrue();
            assertContainerUsage(r);
        }
        assertThat(r.knobs().clients()).isEqualTo(clients);

        Placement p = r.placement();
        assertThat(p.backend()).isEqualTo("docker");
        assertThat(p.database().image()).contains("benchlab/", "-" + profile);
        assertThat(p.runner().image()).contains("benchlab/runner:");
        for (Placement.Side side : new Placement.Side[] {p.database(), p.runner()}) {
            assertThat(side.imageDigest()).matches("sha256:[0-9a-f]{64}");
            assertThat(side.containerEngine()).containsAnyOf("podman", "docker");
            assertThat(side.labels()).containsKey("org.opencontainers.image.revision");
        }
        assertThat(p.database().labels()).containsEntry("io.benchlab.profile", profile)
                .containsKey("io.benchlab.config.sha256");
        assertThat(p.database().cpuLimit()).isEqualTo(1.0);
        assertThat(p.database().memoryLimitBytes()).isEqualTo(2L << 30);
        assertThat(p.runner().cpuLimit()).isEqualTo(1.0);
        assertThat(p.runner().memoryLimitBytes()).isEqualTo(1L << 30);
        // The limits are in force, not only requested: the runner's JVM sees one CPU and sizes its heap from 1 GiB.
        assertThat(r.environment().cores()).isEqualTo(1);
        assertThat(r.environment().maxHeapBytes()).isLessThanOrEqualTo(1L << 30);
    }

    /**
     * --engine-version runs the second version the descriptor pins from its own tag, built with that
     * version (on CI both tags stand on one stand-in base; the server says which it is).
     */
    @Test
    void aSecondPinnedVersionRunsFromItsOwnTag(@TempDir Path dir) throws IOException {
        EngineImage pg = EngineImages.of(Engines.find("postgres").orElseThrow());
        String second = pg.versions().get(1);
        Path out = dir.resolve("result.json");
        CliCapture.Outcome o = lab("run", "--engine", "postgres", "--engine-version", second, "--clients", "1",
                "--duration", "1s", "--warmup", "0s", "--scale", "1", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.status()).isEqualTo(Status.OK);
        Placement.Side db = r.placement().database();
        assertThat(db.image()).endsWith("benchlab/postgres:" + second + "-durable");
        assertThat(db.labels()).containsEntry("org.opencontainers.image.version", second + "-durable");
        assertThat(db.imageDigest()).matches("sha256:[0-9a-f]{64}");
        assertThat(r.engine().version()).as("the server's own version, stand-in or not").isNotBlank();
    }

    /**
     * The database container's usage on every interval of the server's side, as Docker counts it
     * through the lab's relay: within the container's limits, and with the clients' statements
     * arriving on its network.
     */
    static void assertContainerUsage(RunResult r) {
        DatabaseUsage.assertWithinLimits(r, "docker stats of container benchlab-");
        ServerStats s = r.serverStats();
        long rx = s.intervals().stream().mapToLong(i -> i.container().netRxBytes()).sum();
        long committed = s.intervals().stream().mapToLong(i -> i.counters().getOrDefault("xact_commit",
                i.counters().getOrDefault("com_commit", 0L))).sum();
        // Each committed transaction sends the server its five statements and a commit: far over 100 bytes.
        assertThat(rx).as("bytes the database received, against %d commits", committed).isGreaterThan(100 * committed);
    }
}
