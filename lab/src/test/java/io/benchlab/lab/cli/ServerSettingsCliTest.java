package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.CliCapture;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab run --db-set/--db-config: every bad input in one line before anything starts, and the pod's args. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class ServerSettingsCliTest {

    @TempDir
    Path dir;

    CliCapture.Outcome run(String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--duration", "1s", "--warmup", "0s", "-o",
                dir.resolve("result.json").toString()));
        all.addAll(Arrays.asList(args));
        return LabCliTest.lab(all.toArray(String[]::new));
    }

    void assertBadInput(CliCapture.Outcome o, String... expected) throws IOException {
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString().startsWith("lab: ")
                .contains(expected).doesNotContain("\tat ");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.filter(f -> !f.getFileName().toString().endsWith(".conf"))).as("nothing written").isEmpty();
        }
    }

    CliCapture.Outcome docker(String... args) {
        List<String> all = new ArrayList<>(List.of("--engine", "postgres", "--backend", "docker"));
        all.addAll(Arrays.asList(args));
        return run(all.toArray(String[]::new));
    }

    @Test
    void aSettingWithoutEqualsOrKeyIsRefused() throws IOException {
        assertBadInput(docker("--db-set", "shared_buffers"), "--db-set shared_buffers: give KEY=VALUE");
        assertBadInput(docker("--db-set", "=256MB"), "the key is empty");
        assertBadInput(docker("--db-set", "a b=1"), "'a b' is not a setting's name");
    }

    @Test
    void oneKeyTwiceWithTwoValuesIsRefused() throws IOException {
        assertBadInput(docker("--db-set", "work_mem=8MB", "--db-set", "work_mem=16MB"),
                "--db-set work_mem is given twice, as 8MB and 16MB");
    }

    @Test
    void aConfigFileMissingOrWithABadLineIsRefusedByFileAndLine() throws IOException {
        Path missing = dir.resolve("missing.conf");
        assertBadInput(docker("--db-config", missing.toString()), "--db-config " + missing);
        Path bad = dir.resolve("bad.conf");
        Files.writeString(bad, "# tuning\nshared_buffers = 256MB\nwork_mem = '8MB\n");
        assertBadInput(docker("--db-config", bad.toString()), bad + ":3: not a setting in postgresql.conf syntax");
    }

    @Test
    void aProfilesSettingNamesTheProfileToUse() throws IOException {
        assertBadInput(docker("--db-set", "fsync=off"), "fsync is what postgres's profiles are made of",
                "run with --profile relaxed");
        assertBadInput(run("--engine", "mariadb", "--backend", "docker", "--db-set", "sync-binlog=7"),
                "sync-binlog is what mariadb's profiles are made of", "durable sets 1", "relaxed sets 0");
    }

    @Test
    void anExternalServerIsNotTheLabsToChange() throws IOException {
        assertBadInput(run("--engine", "postgres", "--jdbc-url", "jdbc:postgresql://localhost:1/x", "--db-set",
                "work_mem=8MB"), "the lab changes no server it did not start", "external");
    }

    @Test
    void anInProcessEngineInTheRunnersContainerIsRefusedNamingTheEmbeddedBackend() throws IOException {
        assertBadInput(run("--engine", "h2", "--backend", "docker", "--db-set", "CACHE_SIZE=65536"),
                "h2 runs in-process in the runner here; give it with --backend embedded");
    }

    @Test
    void aServerEngineOnTheEmbeddedBackendTakesNoSettings() throws IOException {
        assertBadInput(run("--engine", "postgres", "--backend", "embedded", "--db-set", "work_mem=8MB"),
                "postgres takes no settings in-process");
    }

    @Test
    void theDatabasePodRunsTheImagesCommandThenTheSettingsCommandLineWinning() throws IOException {
        Path conf = dir.resolve("tuning.conf");
        Files.writeString(conf, "shared_buffers = 128MB\nwal_compression = on # cheap\n");
        CliCapture.Outcome o = run("--engine", "postgres", "--backend", "kubernetes", "--dry-run", "--db-config",
                conf.toString(), "--db-set", "shared_buffers=256MB");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(databaseArgs(o)).containsExactly("postgres", "-c",
                "config_file=/etc/postgresql/postgresql.conf", "-c", "wal_compression=on", "-c", "shared_buffers=256MB");
    }

    @Test
    void withoutSettingsTheDatabasePodKeepsTheImagesCommand() {
        CliCapture.Outcome o = run("--engine", "mariadb", "--backend", "kubernetes", "--dry-run");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(databaseArgs(o)).isNullOrEmpty();
    }

    @Test
    void mysqldTakesItsSettingsAsDoubleDashArgumentsAfterTheEntrypoint() {
        CliCapture.Outcome o = run("--engine", "mariadb", "--backend", "kubernetes", "--dry-run", "--db-set",
                "innodb_buffer_pool_size=256M");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(databaseArgs(o)).containsExactly("--innodb_buffer_pool_size=256M");
    }

    /** The args of the database container of the dry run's database pod. */
    static List<String> databaseArgs(CliCapture.Outcome o) {
        Pod pod = Arrays.stream(o.out().split("(?m)^---$")).filter(doc -> doc.contains("kind: \"Pod\""))
                .map(doc -> (Pod) Serialization.unmarshal(doc)).findFirst().orElseThrow();
        return pod.getSpec().getContainers().get(0).getArgs();
    }
}
