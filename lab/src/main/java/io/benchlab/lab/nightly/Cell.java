package io.benchlab.lab.nightly;

import io.benchlab.lab.capacity.CapacityRun;
import java.util.List;
import java.util.Map;

/**
 * One cell of a nightly plan: an engine, its profile (null: the engine's default), a client count,
 * its set-up beyond the profile (an engine version, server settings), and lab run's arguments for
 * it (without --output, which the night gives). The canary is the cell that nothing changes. A
 * capacity cell ({@code capacity} not null) runs a capacity search with those arguments instead of
 * one run, as lab capacity would.
 */
public record Cell(String engine, String profile, int clients, boolean canary, Setup setup, List<String> runArgs,
                   CapacityRun.Ask capacity) {

    /** A cell's engine-version: (null: the descriptor's first) and settings: (KEY=VALUE, as --db-set). */
    public record Setup(String engineVersion, Map<String, String> settings) {

        public static final Setup NONE = new Setup(null, Map.of());

        public Setup {
            settings = Map.copyOf(settings);
        }
    }

    public Cell {
        runArgs = List.copyOf(runArgs);
    }

    /**
     * The cell's name in the night's folder and report: engine, profile, clients (and canary, or
     * capacity: a search's document is not a run's result, so it never shares a run cell's name); a
     * cell with a version or settings of its own adds them ({@code -v16.10}, {@code -s} and the
     * settings' hash), so that cells that differ only in them do not share a name.
     */
    public String key(String resolvedProfile) {
        String kind = canary ? "canary-" : capacity != null ? "capacity-" : "";
        return kind + engine + "-" + resolvedProfile + "-c" + clients
                + (setup.engineVersion() == null ? "" : "-v" + setup.engineVersion())
                + (setup.settings().isEmpty() ? ""
                : "-s" + io.benchlab.results.Setup.hash(engine, resolvedProfile, setup.settings()));
    }
}
