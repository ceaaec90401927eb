package io.benchlab.lab.nightly;

import io.benchlab.lab.ResultFiles;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Function;

/**
 * How a cell's file in a night's folder reads: a run cell's as a run's result, a capacity cell's as
 * a capacity search's document; each with its status, so that a night started again and the
 * judging of earlier nights take either the same way.
 */
record CellFile<T>(Function<Path, T> reader, Function<T, Status> status) {

    static final CellFile<RunResult> RUN = new CellFile<>(ResultFiles::read, RunResult::status);
    static final CellFile<CapacityResult> CAPACITY = new CellFile<>(ResultFiles::readCapacity, CapacityResult::status);

    /** The file's content, or null when there is none or it cannot be read (a night killed while writing). */
    T read(Path file) {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        try {
            return reader.apply(file);
        } catch (BadInputException unreadable) {
            return null;
        }
    }

    /** True when the file holds a result that ended (ok or failed), not one a stop cut short. */
    boolean finished(Path file) {
        T r = read(file);
        return r != null && status.apply(r) != Status.INTERRUPTED;
    }

    boolean ok(T result) {
        return status.apply(result) == Status.OK;
    }
}
