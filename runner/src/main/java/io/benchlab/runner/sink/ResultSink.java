package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Warning;
import java.io.Closeable;
import java.io.IOException;
import java.util.List;

/**
 * Where a run's output goes, with a lifecycle as YCSB's MeasurementsExporter has one: {@link #open}
 * with the run's identity once it is known (the process that runs the clients calls it), live
 * intervals and phase events while the run goes on, {@link #notes} then {@link #onFinish} with the
 * complete result, and {@link #close} (flush). Console, JSON file and InfluxDB implement it; which
 * ones a run has is chosen by options. Live calls come from the collector thread and must not block.
 */
public interface ResultSink extends Closeable {

    /** The run starts: every later point belongs to this run. Not called for a run that never started. */
    default void open(RunIdentity identity) {
    }

    default void onInterval(Phase phase, IntervalPoint point) {
    }

    default void onEvent(RunEvent event) {
    }

    /** The database's side of a measured interval; from the sampler's thread, after the clients' interval. */
    default void onServerInterval(ServerStats.Interval interval) {
    }

    /**
     * What the result must say about this sink (an InfluxDB outage), asked once after the last
     * live call and before the result is written; a sink that buffers flushes what it can first,
     * for a bounded time, so that its notes are final for the live part.
     */
    default List<Warning> notes() {
        return List.of();
    }

    default void onFinish(RunResult result) throws IOException {
    }

    /** Flushes what is left, for a bounded time; never throws for an unreachable destination. */
    @Override
    default void close() {
    }
}
