package io.benchlab.runner.core;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileStore;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Whether a run can make files in a directory, found out by making one there (and the missing
 * parents) before the run starts. Whatever the check made is removed again, so refused input
 * leaves no empty folders behind.
 */
public final class WritableDirectory {

    private WritableDirectory() {
    }

    /** Empty when files can be made in {@code dir}; else why not, in words ("/proc takes no new files"). */
    public static Optional<String> problem(Path dir) {
        Path absolute = dir.toAbsolutePath().normalize();
        Path existing = absolute;
        List<Path> missing = new ArrayList<>();
        while (!Files.exists(existing)) {
            missing.add(0, existing);
            existing = existing.getParent();
        }
        if (!Files.isDirectory(existing)) {
            return Optional.of(existing + " is not a directory");
        }
        Deque<Path> made = new ArrayDeque<>();
        Path at = existing;
        try {
            for (Path p : missing) {
                made.push(Files.createDirectory(p));
                at = p;
            }
            Files.delete(Files.createTempFile(absolute, ".probe-", ".tmp"));
            return Optional.empty();
        } catch (IOException | SecurityException e) {
            return Optional.of(why(at, e));
        } finally {
            for (Path p : made) {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException ignored) {
                    // Best effort: an empty folder is the worst that stays.
                }
            }
        }
    }

    private static String why(Path dir, Exception e) {
        FileStore store = null;
        try {
            store = Files.getFileStore(dir);
        } catch (IOException ignored) {
            // Described without the file system's kind.
        }
        if (store != null && store.isReadOnly()) {
            return dir + " is on a read-only file system";
        }
        if (e instanceof AccessDeniedException || e instanceof SecurityException) {
            return dir + " is not writable (permission denied)";
        }
        String reason = e instanceof FileSystemException fse ? fse.getReason() : null;
        // /proc answers "no such file" for a folder that exists, /sys "operation not permitted".
        if (e instanceof NoSuchFileException || "Operation not permitted".equals(reason)) {
            return dir + " takes no new files" + (store == null ? "" : " (a " + store.type() + " file system)");
        }
        return reason != null ? dir + ": " + reason.toLowerCase(Locale.ROOT) : "cannot make files in " + dir;
    }
}
