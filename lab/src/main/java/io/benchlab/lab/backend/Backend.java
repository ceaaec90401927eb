package io.benchlab.lab.backend;

import java.io.PrintWriter;

/**
 * Provisions the engine, runs the runner, collects the result and removes whatever it made,
 * whether the run succeeded or not. Returns the runner's exit code (0 ok, 1 failed, 2 bad input).
 */
public interface Backend {

    String name();

    /** True when the backend starts its own database, so the run spec carries no target. */
    default boolean provisionsDatabase() {
        return false;
    }

    int run(RunSpec spec, PrintWriter out, PrintWriter err) throws Exception;
}
