package io.benchlab.runner.run;

import io.benchlab.results.RunResult;
import io.benchlab.results.Status;

/**
 * The exit codes of runner and lab: 0 ok, 1 the run failed (or, with --strict, carries a
 * warning), 2 the input was bad. A run ended by SIGINT or SIGTERM exits as the JVM does on a
 * signal, 130 or 143, after writing its result as interrupted.
 */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int RUN_FAILED = 1;
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }

    /** The exit code a finished run's result earns. */
    public static int of(RunResult result, boolean strict) {
        boolean ok = result.status() == Status.OK && !(strict && !result.warnings().isEmpty());
        return ok ? OK : RUN_FAILED;
    }
}
