package io.benchlab.lab.stack;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The stack's secrets, one 0600 file each in a 0700 folder (~/.config/benchlab), made once and
 * then kept: the InfluxDB token that runs and Grafana use, and the two admin passwords. They reach
 * the containers as files copied in, never as environment or arguments.
 */
final class StackSecrets {

    static final String TOKEN = "influx-token";
    static final String INFLUXDB_PASSWORD = "influx-admin-password";
    static final String GRAFANA_PASSWORD = "grafana-admin-password";

    private final Path dir;

    StackSecrets(Path dir) {
        this.dir = dir.toAbsolutePath();
    }

    Path file(String name) {
        return dir.resolve(name);
    }

    boolean exists(String name) {
        return Files.exists(file(name));
    }

    /** The secret, made first (random, 0600) when its file is not there yet. */
    Secret ensure(String name) {
        Path file = file(name);
        try {
            if (!Files.exists(file)) {
                create(file);
            }
        } catch (IOException e) {
            throw new BadInputException("cannot write " + file + ": " + e.getMessage());
        }
        return Secret.fromFile(file);
    }

    /** Written beside and moved, with its mode from the start: never a moment world-readable, never half-written. */
    private void create(Path file) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
        Path tmp = Files.createTempFile(dir, "." + file.getFileName(), ".tmp",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(tmp, Secret.random().reveal() + "\n", StandardCharsets.UTF_8);
            Files.move(tmp, file);   // a rename in one folder; refuses to replace
        } catch (FileAlreadyExistsException madeMeanwhile) {
            // Another lab made it first: keep theirs.
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
