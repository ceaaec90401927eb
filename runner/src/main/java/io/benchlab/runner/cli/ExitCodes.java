package io.benchlab.runner.cli;

/** The exit codes of runner and lab: 0 ok, 1 the run failed, 2 the input was bad. */
public final class ExitCodes {

    public static final int OK = 0;
    public static final int RUN_FAILED = 1;
    public static final int BAD_INPUT = 2;

    private ExitCodes() {
    }
}
