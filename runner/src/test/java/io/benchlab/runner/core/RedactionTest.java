package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Secrets never reach a printed or stored string. */
class RedactionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "jdbc:h2:mem:db;password=x                          | jdbc:h2:mem:db;password=***",
        "jdbc:h2:mem:db;password=x;DB_CLOSE_DELAY=-1        | jdbc:h2:mem:db;password=***;DB_CLOSE_DELAY=-1",
        "jdbc:h2:tcp://db/x;USER=u;PASSWORD=S3cr3t          | jdbc:h2:tcp://db/x;USER=u;PASSWORD=***",
        "jdbc:postgresql://h:5432/db?password=x&user=u      | jdbc:postgresql://h:5432/db?password=***&user=u",
        "jdbc:postgresql://h/db?user=u&PASSWORD=x           | jdbc:postgresql://h/db?user=u&PASSWORD=***",
        "jdbc:postgresql://h/db?user=u&Password=x&ssl=true  | jdbc:postgresql://h/db?user=u&Password=***&ssl=true",
        "jdbc:postgresql://user:pw@host/db                  | jdbc:postgresql://user:***@host/db",
        "jdbc:mysql://user:pw@host:3306/db?password=pw      | jdbc:mysql://user:***@host:3306/db?password=***",
        "jdbc:derby:memory:db;create=true;user=u;password=p | jdbc:derby:memory:db;create=true;user=u;password=***",
        "jdbc:postgresql://h/db?sslpassword=x&ssl=true      | jdbc:postgresql://h/db?sslpassword=***&ssl=true",
        "jdbc:mysql://h/db?user=u&password1=x               | jdbc:mysql://h/db?user=u&password1=***",
        "jdbc:mysql://h/db?trustCertificateKeyStorePassword=x | jdbc:mysql://h/db?trustCertificateKeyStorePassword=***",
        "jdbc:derby:/d/db;bootPassword=x                    | jdbc:derby:/d/db;bootPassword=***",
        "jdbc:postgresql://user:@host/db                    | jdbc:postgresql://user:***@host/db",
    })
    void jdbcUrlLosesItsPassword(String url, String expected) {
        String redacted = Redact.jdbcUrl(url);
        assertThat(redacted).isEqualTo(expected);
    }

    /** What the CLI refuses as a password in the URL is exactly what is redacted, so neither misses one. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "jdbc:postgresql://h/db?password=S3cr3t",
        "jdbc:postgresql://h/db?user=u&PASSWORD=S3cr3t&ssl=true",
        "jdbc:hsqldb:mem:db;password=S3cr3t",
        "jdbc:h2:tcp://db/x;USER=u;PASSWORD=S3cr3t",
        "jdbc:derby:memory:db;create=true;user=u;password=S3cr3t",
        "jdbc:postgresql://user:S3cr3t@host/db",
        "jdbc:postgresql://h/db?sslpassword=S3cr3t",
        "jdbc:mysql://address=(host=h)(user=u)(password=S3cr3t)/db",
        "postgres://user:S3cr3t@db/bench",
    })
    void aPasswordInTheUrlIsFoundAndRedacted(String url) {
        assertThat(Redact.passwordIn(url)).isPresent();
        assertThat(Redact.jdbcUrl(url)).doesNotContain("S3cr3t");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"jdbc:h2:mem:db;PASSWORD_HASH=TRUE", "jdbc:postgresql://user@host:5432/db",
        "jdbc:postgresql://[::1]:5432/db?user=u", "jdbc:mysql://h:3306/db?user=u@example.org"})
    void urlsWithoutAPasswordAreNotRefused(String url) {
        assertThat(Redact.passwordIn(url)).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "jdbc:hsqldb:mem:benchlab;hsqldb.tx=mvcc",
        "jdbc:hsqldb:hsql://127.0.0.1:1/nope",
        "jdbc:h2:mem:benchlab;DB_CLOSE_DELAY=-1",
        "jdbc:h2:tcp://db:9092/benchlab;USER=bench",
        "jdbc:derby:memory:benchlab;create=true",
        "jdbc:postgresql://host:5432/db?user=u&ssl=true",
        "jdbc:postgresql://user@host/db",
        "jdbc:h2:file:/data/h2/benchlab;WRITE_DELAY=0",
    })
    void urlWithoutSecretIsUnchanged(String url) {
        assertThat(Redact.jdbcUrl(url)).isEqualTo(url);
    }

    @Test
    void nullUrlStaysNull() {
        assertThat(Redact.jdbcUrl(null)).isNull();
    }

    @Test
    void messageLosesEveryOccurrenceOfTheSecret(@TempDir Path dir) throws IOException {
        Secret s = secret(dir, "hunter2\n");
        assertThat(Redact.message("login hunter2 failed (hunter2)", s)).isEqualTo("login *** failed (***)");
        assertThat(Redact.message("nothing to hide", s)).isEqualTo("nothing to hide");
        assertThat(Redact.message(null, s)).isNull();
        assertThat(Redact.message("text", Secret.NONE)).isEqualTo("text");
        assertThat(Redact.message("text", null)).isEqualTo("text");
    }

    @Test
    void secretReadsTheFileWithoutTrailingNewline(@TempDir Path dir) throws IOException {
        assertThat(secret(dir, "  S3cr3t-Pa55\r\n").reveal()).isEqualTo("S3cr3t-Pa55");
    }

    @Test
    void secretToStringNeverReveals(@TempDir Path dir) throws IOException {
        Secret s = secret(dir, "S3cr3t-Pa55");
        assertThat(s.toString()).doesNotContain("S3cr3t").isEqualTo("(redacted)");
        assertThat(String.valueOf(s)).doesNotContain("S3cr3t");
        assertThat("password " + s).doesNotContain("S3cr3t");
        assertThat(String.format("%s", s)).doesNotContain("S3cr3t");
        assertThat(Secret.NONE.toString()).isEqualTo("(none)");
        assertThat(Secret.NONE.reveal()).isEmpty();
    }

    @Test
    void targetToStringShowsTheRedactedUrlOnly(@TempDir Path dir) throws IOException {
        Secret s = secret(dir, "S3cr3t-Pa55");
        var engine = io.benchlab.runner.engine.Engines.find("h2").orElseThrow();
        Target t = new Target(engine, engine.defaultProfile(), "jdbc:h2:mem:x;PASSWORD=S3cr3t-Pa55", "bench", s,
                false);
        assertThat(t.toString()).doesNotContain("S3cr3t-Pa55").contains("PASSWORD=***");
        assertThat(t.redactedUrl()).doesNotContain("S3cr3t-Pa55");
    }

    @Test
    void missingPasswordFileIsBadInputWithoutTheFileContent(@TempDir Path dir) {
        Path missing = dir.resolve("nope.txt");
        assertThatThrownBy(() -> Secret.fromFile(missing))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining(missing.toString());
    }

    private static Secret secret(Path dir, String content) throws IOException {
        Path file = Files.writeString(dir.resolve("pw.txt"), content);
        return Secret.fromFile(file);
    }
}
