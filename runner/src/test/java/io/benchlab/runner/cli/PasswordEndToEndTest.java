package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** A password given in a file is used to connect and appears in no output and no result. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class PasswordEndToEndTest {

    static final String USER = "bench";
    static final String PASSWORD = "S3cr3t-Pa55";
    static final String WRONG = "Wr0ng-Pa55-" + UUID.randomUUID().toString().substring(0, 8);

    @TempDir
    Path dir;
    private String url;

    @BeforeEach
    void createDatabaseWithPassword() throws SQLException {
        url = "jdbc:h2:mem:pw-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        // The first connection creates the database, with this user as its admin.
        try (Connection c = DriverManager.getConnection(url, USER, PASSWORD)) {
            assertThat(c.isValid(1)).isTrue();
        }
    }

    @AfterEach
    void dropDatabase() {
        try (Connection c = DriverManager.getConnection(url, USER, PASSWORD);
             Statement s = c.createStatement()) {
            s.execute("SHUTDOWN");
        } catch (SQLException ignored) {
            // Already gone.
        }
    }

    @Test
    void passwordFromFileConnectsAndIsNeverShown() throws IOException {
        Path passwordFile = Files.writeString(dir.resolve("password"), PASSWORD + "\n");
        Path out = dir.resolve("out").resolve("result.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", url, "--user", USER,
                "--password-file", passwordFile.toString(), "--clients", "2", "--duration", "1s",
                "--warmup", "0s", "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        String json = Files.readString(out);
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.figures().committed()).isPositive();
        assertThat(json).doesNotContain(PASSWORD);
        assertThat(o.everything()).doesNotContain(PASSWORD);
    }

    @Test
    void wrongPasswordIsOneLineOfBadInputWithoutEitherPassword() throws IOException {
        Path passwordFile = Files.writeString(dir.resolve("wrong-password"), WRONG + "\n");
        Path outDir = Files.createDirectory(dir.resolve("out"));
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "h2", "--jdbc-url", url, "--user", USER,
                "--password-file", passwordFile.toString(), "--clients", "1", "--duration", "1s",
                "--warmup", "0s", "--output", outDir.resolve("result.json").toString());
        RunnerBadInputTest.assertOneLineBadInput(o, "cannot connect");
        assertThat(o.everything()).doesNotContain(PASSWORD).doesNotContain(WRONG);
        try (Stream<Path> files = Files.list(outDir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void checkWithThePasswordFileWorksAndStaysQuietAboutIt() throws IOException {
        Path passwordFile = Files.writeString(dir.resolve("password"), PASSWORD);
        CliCapture.Outcome init = CliCapture.runner("init", "--engine", "h2", "--jdbc-url", url, "--user", USER,
                "--password-file", passwordFile.toString());
        assertThat(init.exitCode()).as("%s", init).isZero();
        CliCapture.Outcome check = CliCapture.runner("check", "--engine", "h2", "--jdbc-url", url, "--user", USER,
                "--password-file", passwordFile.toString());
        assertThat(check.exitCode()).as("%s", check).isZero();
        assertThat(init.everything() + check.everything()).doesNotContain(PASSWORD);
    }
}
