package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.FileProblem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Makes sure the result can be written before the run starts, not after it has spent an hour. */
public final class OutputPath {

    private OutputPath() {
    }

    /** The file a run writes: {@code output}, or {@code results/<run-id>.json}; checked. */
    public static Path forRun(Path output, String runId) {
        return check(output != null ? output : Path.of(Defaults.RESULTS_DIR, runId + ".json"));
    }

    public static Path check(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.isDirectory(absolute)) {
            throw new BadInputException("output " + file + " is a directory; give a file name");
        }
        Path dir = absolute.getParent();
        try {
            Files.createDirectories(dir);
            Files.delete(Files.createTempFile(dir, ".probe-", ".tmp"));
        } catch (IOException | SecurityException e) {
            throw new BadInputException("cannot write the result to " + file + ": " + reason(e));
        }
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new BadInputException("cannot write the result to " + file + ": file is not writable");
        }
        return file;
    }

    private static String reason(Exception e) {
        return e instanceof IOException io ? FileProblem.describe(io) : "not allowed";
    }
}
