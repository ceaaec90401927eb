package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The token and passwords: made once, 0600 in a 0700 folder, then kept as they are. */
class StackSecretsTest {

    @Test
    void aSecretIsMadeOnceAndOnlyItsOwnerCanReadIt(@TempDir Path tmp) throws IOException {
        StackSecrets secrets = new StackSecrets(tmp.resolve("config/benchlab"));
        assertThat(secrets.exists(StackSecrets.TOKEN)).isFalse();
        String token = secrets.ensure(StackSecrets.TOKEN).reveal();
        assertThat(token).hasSizeGreaterThanOrEqualTo(32);
        Path file = secrets.file(StackSecrets.TOKEN);
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        assertThat(new StackSecrets(tmp.resolve("config/benchlab")).ensure(StackSecrets.TOKEN).reveal()).isEqualTo(token);
        assertThat(secrets.ensure(StackSecrets.GRAFANA_PASSWORD).reveal()).isNotEqualTo(token);
        try (var files = Files.list(file.getParent())) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(StackSecrets.TOKEN, StackSecrets.GRAFANA_PASSWORD);
        }
    }

    @Test
    void aTokenTheUserPutThereIsKept(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve(StackSecrets.TOKEN), "my-own-token\n");
        assertThat(new StackSecrets(tmp).ensure(StackSecrets.TOKEN).reveal()).isEqualTo("my-own-token");
    }
}
