package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad connection inputs to a real server through {@code runner run}: exit 2, one line on
 * stderr that names the problem, no stack trace, no result file, and neither the real nor
 * the wrong password anywhere in what is printed.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class ServerBadInputIT {

    @TempDir
    Path dir;

    /** A server engine, the prefix of its variables, and the closed-port URL of its driver. */
    record Server(String engine, String prefix, String unreachableUrl) {
        @Override
        public String toString() {
            return engine;
        }
    }

    static final List<Server> SERVERS = List.of(
            new Server("postgres", "BENCHLAB_PG", "jdbc:postgresql://127.0.0.1:1/bench"),
            new Server("mariadb", "BENCHLAB_MARIADB", "jdbc:mysql://127.0.0.1:1/bench"),
            new Server("hsqldb-server", "BENCHLAB_HSQLDB_SERVER", "jdbc:hsqldb:hsql://127.0.0.1:1/bench"));

    static Stream<Server> servers() {
        return SERVERS.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servers")
    void unreachableServer(Server s) throws IOException {
        Target real = ServerTargets.require(s.engine(), s.prefix());
        String line = badRun(s, real, s.unreachableUrl(), passwordFile(s), real.password().reveal());
        assertThat(line).contains("unreachable").contains("127.0.0.1:1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servers")
    void wrongPassword(Server s) throws IOException {
        Target real = ServerTargets.require(s.engine(), s.prefix());
        String wrong = "wrong-" + UUID.randomUUID();
        Path file = Files.writeString(dir.resolve("wrong.password"), wrong + "\n");
        String line = badRun(s, real, real.jdbcUrl(), file.toString(), real.password().reveal(), wrong);
        assertThat(line.toLowerCase(Locale.ROOT)).contains("authentication failed");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("servers")
    void missingDatabase(Server s) throws IOException {
        Target real = ServerTargets.require(s.engine(), s.prefix());
        String url = real.jdbcUrl().replaceFirst("/bench(?=$|[?;])", "/nope_db");
        assertThat(url).as("a URL naming database bench").contains("/nope_db");
        String line = badRun(s, real, url, passwordFile(s), real.password().reveal());
        // MariaDB answers a database the user may not see with "access denied to database" (1044),
        // HSQLDB with a general error "database alias does not exist": still no such database.
        assertThat(line).contains("no such database").contains("nope_db");
    }

    @Test
    void serverEngineWithoutJdbcUrl() throws IOException {
        Path out = dir.resolve("out").resolve("result.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "postgres", "--duration", "1s",
                "--output", out.toString());
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
        List<String> err = CliCapture.Outcome.lines(o.allErr());
        assertThat(err).as(o.toString()).hasSize(1);
        assertThat(err.get(0)).contains("--jdbc-url").contains("postgres");
        assertThat(o.allOut()).isEmpty();
        assertThat(out).doesNotExist();
    }

    static String passwordFile(Server s) {
        return ServerTargets.variable(s.prefix() + "_PASSWORD_FILE");
    }

    /** Runs {@code runner run} against {@code url}, checks the common rules and returns the one error line. */
    private String badRun(Server s, Target real, String url, String passwordFile, String... secrets)
            throws IOException {
        Path outDir = dir.resolve("out-" + UUID.randomUUID());
        Path out = outDir.resolve("result.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", s.engine(), "--jdbc-url", url,
                "--user", real.user(), "--password-file", passwordFile,
                "--duration", "1s", "--warmup", "0s", "--output", out.toString());
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
        List<String> err = CliCapture.Outcome.lines(o.allErr());
        assertThat(err).as("stderr: one line\n%s", o).hasSize(1);
        assertThat(o.allOut()).as("stdout").isEmpty();
        assertThat(o.everything()).as("no stack trace").doesNotContain("\tat ").doesNotContain("Caused by")
                .doesNotContainPattern("(?m)^\\s+at [\\w$.]+\\(");
        for (String secret : secrets) {
            assertThat(secret).isNotBlank();
            assertThat(o.everything()).as("a password is printed").doesNotContain(secret);
        }
        assertThat(out).as("no result file").doesNotExist();
        if (Files.isDirectory(outDir)) {
            try (Stream<Path> left = Files.list(outDir)) {
                assertThat(left).as("files left in the output directory").isEmpty();
            }
        }
        String line = err.get(0);
        assertThat(line).startsWith("runner: cannot connect to ");
        System.out.println("[bad input] " + s.engine() + ": " + line);
        return line;
    }
}
