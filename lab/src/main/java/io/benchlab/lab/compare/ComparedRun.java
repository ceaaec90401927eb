package io.benchlab.lab.compare;

import io.benchlab.results.RunResult;
import java.util.Comparator;
import java.util.List;

/**
 * A run as {@code lab compare} sees it: where it came from (a file or a run id), its result, and
 * its measured intervals of transactions (from the result file, or from InfluxDB).
 */
public record ComparedRun(String source, RunResult result, List<IntervalSample> intervals) {

    public ComparedRun {
        intervals = intervals.stream()
                .sorted(Comparator.comparingInt(IntervalSample::round).thenComparingDouble(IntervalSample::t)).toList();
    }

    /** A run read from its result file: the intervals are the result's own. */
    public static ComparedRun of(String source, RunResult result) {
        return new ComparedRun(source, result, result.intervals().stream().map(IntervalSample::of).toList());
    }

    String name() {
        return result.runId() + (source.equals(result.runId()) ? "" : " (" + source + ")");
    }
}
