package io.benchlab.runner.run;

import java.nio.file.Path;

/**
 * Where a run's result goes ({@code file}; null: {@code results/<run-id>.json}), whether its
 * progress lines are left out ({@code quiet}), and whether a warning fails it ({@code strict}).
 */
public record Output(Path file, boolean quiet, boolean strict) {

    /** The result under results/, progress lines, warnings that do not fail the run. */
    public static final Output DEFAULT = new Output(null, false, false);
}
