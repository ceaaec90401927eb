package io.benchlab.runner.run;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.WritableDirectory;
import java.nio.file.Files;
import java.nio.file.LinkOption;
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
        // The result replaces its file in one move: /dev/null or a pipe would be replaced, not written to.
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(absolute)) {
            throw new BadInputException("cannot write the result to " + file
                    + ": not a regular file (the result would replace it); give a file name");
        }
        WritableDirectory.problem(absolute.getParent()).ifPresent(why -> {
            throw new BadInputException("cannot write the result to " + file + ": " + why);
        });
        if (Files.exists(absolute) && !Files.isWritable(absolute)) {
            throw new BadInputException("cannot write the result to " + file + ": file is not writable");
        }
        return file;
    }
}
