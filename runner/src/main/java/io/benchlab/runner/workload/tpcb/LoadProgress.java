package io.benchlab.runner.workload.tpcb;

/** Told how a long load is getting on; kept apart from where the lines go. */
@FunctionalInterface
public interface LoadProgress {

    LoadProgress SILENT = (table, done, total, seconds) -> { };

    void rows(String table, long done, long total, double seconds);
}
