package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import java.io.IOException;

/**
 * Where a run's output goes: live intervals while it runs, the result when it ends. Console
 * and JSON file now; InfluxDB takes the same two calls.
 */
public interface ResultSink {

    default void onInterval(Phase phase, IntervalPoint point) {
    }

    default void onFinish(RunResult result) throws IOException {
    }
}
