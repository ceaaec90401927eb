package io.benchlab.lab.report;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/** {@code lab report}: result files in, one HTML file out, written whole or not at all. */
public final class Report {

    private Report() {
    }

    /** Reads and checks every result, then writes the page; bad input throws before anything is written. */
    public static int write(List<Path> results, Path output) {
        checkOutput(output);
        List<ReportRun> runs = ReportRuns.read(results);
        String html = ReportPage.render(runs, Instant.now().truncatedTo(ChronoUnit.SECONDS));
        Path dir = output.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            // A reader (or a browser reloading) never sees half a page: a temp file beside it, then one move.
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, ".report-", ".tmp");
            Files.writeString(tmp, html, StandardCharsets.UTF_8);
            readableByAll(tmp);
            Files.move(tmp, output, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new BadInputException("cannot write the report to " + output + ": " + e.getMessage());
        } finally {
            deleteQuietly(tmp);
        }
        return runs.size();
    }

    private static void checkOutput(Path output) {
        Path absolute = output.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new BadInputException("-o " + output + " is a directory; give a file name, e.g. report.html");
        }
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new BadInputException("-o " + output + " is not a regular file (the report would replace it)");
        }
        WritableDirectory.problem(absolute.getParent()).ifPresent(why -> {
            throw new BadInputException("cannot write the report to " + output + ": " + why);
        });
    }

    private static void readableByAll(Path file) throws IOException {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        } catch (UnsupportedOperationException notPosix) {
            // Other file systems keep their own defaults.
        }
    }

    private static void deleteQuietly(Path tmp) {
        if (tmp == null) {
            return;
        }
        try {
            Files.deleteIfExists(tmp);
        } catch (IOException ignored) {
            // Best effort: the move either happened or the temp file is all that may stay.
        }
    }
}
