package io.benchlab.lab.nightly;

import java.util.List;

/**
 * One cell of a nightly plan: an engine, its profile (null: the engine's default), a client count,
 * and lab run's arguments for it (without --output, which the night gives). The canary is the cell
 * that nothing changes.
 */
public record Cell(String engine, String profile, int clients, boolean canary, List<String> runArgs) {

    public Cell {
        runArgs = List.copyOf(runArgs);
    }

    /** The cell's name in the night's folder and report: engine, profile, clients (and canary). */
    public String key(String resolvedProfile) {
        return (canary ? "canary-" : "") + engine + "-" + resolvedProfile + "-c" + clients;
    }
}
