package io.benchlab.lab.rerun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Storage;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * What lab rerun asks of the docker backend for a recorded run: its database's storage and write
 * cap as well as its limits, so that a durable result is rerun on the same kind of disk.
 */
class RerunTest {

    private static final Engine POSTGRES = Engines.find("postgres").orElseThrow();
    private static final Profile DURABLE = POSTGRES.profile("durable");
    private static final EngineImage IMAGE = EngineImages.of(POSTGRES);
    private static final long MEMORY = 2L << 30;

    private static Placement docker(Storage storage, Long writeIops) {
        Placement.Side db = new Placement.Side("host", "benchlab/postgres:17.6-durable", "sha256:" + "a".repeat(64),
                1.0, MEMORY, "podman 4.3.1", Map.of()).withStorage(storage).withWriteIopsLimit(writeIops);
        return new Placement("docker", null, db);
    }

    private static Storage asked(String kind, Long requestedBytes, String bindFolder, String note) {
        return new Storage(kind, "/var/lib/postgresql/data", requestedBytes, "ext4", null, null, null, null,
                new Storage.FlushLatency(500, 0.1, 0.2, 0.3), note, null, null, bindFolder);
    }

    @Test
    void aTmpfsOfTheRecordedSizeIsAskedForAgain() {
        Provisioning p = Rerun.provisioning(IMAGE, DURABLE, docker(asked("tmpfs", 512L << 20, null, "memory"), null));
        assertThat(p.storage()).isEqualTo(new DbStorage(DbStorage.Kind.TMPFS, 512L << 20, null));
        assertThat(p.dbWriteIops()).isNull();
        assertThat(p.db().memoryBytes()).isEqualTo(MEMORY);
    }

    @Test
    void aWriteCapIsAskedForAgainOnTheRecordedKind() {
        Provisioning p = Rerun.provisioning(IMAGE, DURABLE, docker(asked("volume", null, null, "v"), 200L));
        assertThat(p.storage()).isEqualTo(new DbStorage(DbStorage.Kind.VOLUME, null, null));
        assertThat(p.dbWriteIops()).isEqualTo(200L);
    }

    @Test
    void aResultWithoutStorageOrCapRanOnTheContainersOwnUncapped() {
        Provisioning p = Rerun.provisioning(IMAGE, DURABLE, docker(null, null));
        assertThat(p.storage()).isEqualTo(DbStorage.CONTAINER);
        assertThat(p.dbWriteIops()).isNull();
    }

    @Test
    void aBindFolderThatIsRecordedIsUsedAgain(@TempDir Path dir) {
        Provisioning p = Rerun.provisioning(IMAGE, DURABLE,
                docker(asked("bind", null, dir.toString(), "a folder under " + dir), 50L));
        assertThat(p.storage()).isEqualTo(new DbStorage(DbStorage.Kind.BIND, null, dir.toAbsolutePath().normalize()));
        assertThat(p.dbWriteIops()).isEqualTo(50L);
    }

    @Test
    void aBindFolderThatIsGoneIsBadInput(@TempDir Path dir) {
        String gone = dir.resolve("gone").toString();
        assertThatThrownBy(() -> Rerun.storage(asked("bind", null, gone, "n"), MEMORY))
                .isInstanceOf(BadInputException.class).hasMessage("--db-storage bind:" + gone + ": no such folder");
    }

    /** A result from before bind's folder was recorded: the rerun is refused in one line, before any container. */
    @Test
    @ResourceLock(Resources.SYSTEM_OUT)
    @ResourceLock(Resources.SYSTEM_ERR)
    void aBindResultThatDoesNotRecordItsFolderIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("old.json");
        Files.writeString(file, ResultJson.write(result(docker(
                asked("bind", null, null, "a folder under /srv/bench, on its filesystem"), null))));
        Path never = dir.resolve("never.json");

        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "rerun", file.toString(), "--output",
                never.toString());

        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().strip().lines()).hasSize(1);
        assertThat(o.allErr()).contains("the result ran on --db-storage bind but does not record its folder (a folder"
                + " under /srv/bench, on its filesystem), so lab rerun cannot put the data on the same disk: run it"
                + " with lab run --db-storage bind:PATH and lab compare the two");
        assertThat(never).doesNotExist();
    }

    private static RunResult result(Placement placement) {
        return new RunResult(RunResult.SCHEMA_VERSION, "20260101T000000Z-postgres-durable-s1-c1", Status.OK, null,
                List.of(), new Timestamps("2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z", "2026-01-01T00:00:02Z"),
                KnobCodec.knobs(new TestWorkload().clients(1).duration(Duration.ofSeconds(2)).warmup(Duration.ZERO)
                        .seed(1).build()),
                new EngineInfo("postgres", "durable", null, null, null, null, Map.of()), null, placement, null, null,
                null, List.of(), List.of(), null, null);
    }
}
