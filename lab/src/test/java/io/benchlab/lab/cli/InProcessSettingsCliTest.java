package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
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
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab run --db-set on the embedded backend: each in-process engine takes its settings where it
 * takes them (URL, system properties), reads them back before the load, and ends a run whose
 * setting it does not know before anything is loaded. File profiles, each in its own data
 * directory: an in-memory database of an earlier test in this JVM would keep its own settings.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
@ResourceLock(Resources.SYSTEM_PROPERTIES)
class InProcessSettingsCliTest {

    @TempDir
    Path dir;

    Path result() {
        return dir.resolve("result.json");
    }

    CliCapture.Outcome run(String engine, String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--engine", engine, "--profile", "durable", "--data-dir",
                dir.resolve("data").toString(), "--scale", "1", "--clients", "1", "--duration", "1s", "--warmup", "0s",
                "-o", result().toString()));
        all.addAll(Arrays.asList(args));
        return LabCliTest.lab(all.toArray(String[]::new));
    }

    Setup ranOkWith(CliCapture.Outcome o) throws IOException {
        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult r = ResultJson.read(Files.readString(result()));
        assertThat(r.status()).isEqualTo(Status.OK);
        return r.setup();
    }

    void failedBeforeTheLoad(CliCapture.Outcome o, String cause) throws IOException {
        assertThat(o.exitCode()).as("%s", o).isNotIn(0, 2);
        assertThat(o.allErr().lines().filter(l -> l.contains(cause)).toList()).as("%s", o).hasSize(1);
        assertThat(o.allErr()).as("%s", o).doesNotContain("load     ").doesNotContain("\tat ");
        RunResult r = ResultJson.read(Files.readString(result()));
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains(cause);
        assertThat(r.load()).isNull();
    }

    @Test
    void hsqldbTakesADatabasePropertyInItsUrlAndReportsIt() throws IOException {
        Setup setup = ranOkWith(run("hsqldb", "--db-set", "hsqldb.cache_rows=20000"));
        assertThat(setup.settings()).containsExactly(
                java.util.Map.entry("hsqldb.cache_rows", new Setup.Given("20000", "20000")));
        assertThat(setup.hash()).isNotBlank();
    }

    @Test
    void hsqldbEndsARunWithAPropertyItDoesNotKnowBeforeTheLoad() throws IOException {
        failedBeforeTheLoad(run("hsqldb", "--db-set", "hsqldb.cache_rowz=20000"), "has no setting hsqldb.cache_rowz");
    }

    @Test
    void h2TakesItsSettingsFromAConfigFileAndTheCommandLineReadingBackWhatItLists() throws IOException {
        Path config = dir.resolve("h2.properties");
        Files.writeString(config, "# tuning\nCACHE_SIZE=32768\nLOCK_TIMEOUT=2000\n");
        Setup setup = ranOkWith(run("h2", "--db-config", config.toString(), "--db-set", "CACHE_SIZE=65536"));
        assertThat(setup.settings()).containsEntry("CACHE_SIZE", new Setup.Given("65536", "65536"))
                .as("a session's setting H2 does not list is not readable")
                .containsEntry("LOCK_TIMEOUT", new Setup.Given("2000", null));
    }

    @Test
    void h2EndsARunWithASettingItDoesNotKnowBeforeTheLoad() throws IOException {
        failedBeforeTheLoad(run("h2", "--db-set", "CACHE_SIZ=65536"), "Unsupported connection setting \"CACHE_SIZ\"");
    }

    @Test
    void derbyTakesSystemPropertiesForTheRunOnlyAndReportsThem() throws IOException {
        Setup setup = ranOkWith(run("derby", "--db-set", "derby.storage.pageCacheSize=2000"));
        assertThat(setup.settings()).containsEntry("derby.storage.pageCacheSize", new Setup.Given("2000", "2000"));
        assertThat(System.getProperty("derby.storage.pageCacheSize")).as("put back after the run").isNull();
    }

    @Test
    void derbyEndsARunWithAPropertyItDoesNotNameBeforeTheLoad() throws IOException {
        failedBeforeTheLoad(run("derby", "--db-set", "derby.storage.pageCacheSise=2000"),
                "has no setting derby.storage.pageCacheSise");
        assertThat(System.getProperty("derby.storage.pageCacheSise")).as("put back after the run").isNull();
    }

    @Test
    void aProfilesKeyIsRefusedNamingTheProfile() {
        for (String[] engineAndSet : new String[][] {{"hsqldb", "hsqldb.write_delay=true"}, {"h2", "write_delay=500"}}) {
            CliCapture.Outcome o = run(engineAndSet[0], "--db-set", engineAndSet[1]);
            assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
            assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString()
                    .contains("is what " + engineAndSet[0] + "'s profiles are made of", "run with --profile relaxed");
            assertThat(result()).doesNotExist();
        }
    }

    @Test
    void aUrlValueCannotCarryAnotherSettingPastTheProfilesRefusal() {
        CliCapture.Outcome o = run("h2", "--db-set", "CACHE_SIZE=1;WRITE_DELAY=500");
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString()
                .contains("--db-set CACHE_SIZE=1;WRITE_DELAY=500: a value in the engine's JDBC URL cannot hold ';'");
        assertThat(result()).doesNotExist();
    }
}
