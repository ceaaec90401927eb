package io.benchlab.results;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Writes a file whole or not at all (a result, a report): through a temp file beside it and one
 * rename, so that a reader never sees half of it, and readable by all.
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /** {@code prefix} names the temp file (".result-"), in case a crash leaves it behind. */
    public static void write(Path file, String text, String prefix) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, prefix, ".tmp");
        try {
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            // Temp files are created owner-only; a result or report is meant to be shared.
            setReadableByAll(tmp);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static void setReadableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // Non-POSIX file systems keep their own defaults.
        }
    }
}
