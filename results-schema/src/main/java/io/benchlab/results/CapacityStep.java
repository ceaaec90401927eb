package io.benchlab.results;

import java.util.List;

/**
 * One step of a capacity search: a run at an offered rate, its own result in {@code file}
 * ({@code run_id}), what it achieved, and whether it passed the step test against the objectives.
 * A latency is the pooled value of the step's rounds with a confidence interval from the rounds
 * ({@link Percentile}); {@code objectives} holds, in the order of the search's objectives, the step's
 * value of each and whether it held.
 */
public record CapacityStep(
        int index,
        String runId,
        String file,
        double offeredTps,
        Double achievedTps,
        Long missedStarts,
        Long scheduled,
        Double failuresRatio,
        StepLatency latency,
        List<ObjectiveValue> objectives,
        boolean pass,
        String why) {

    public CapacityStep {
        objectives = objectives == null ? List.of() : List.copyOf(objectives);
    }

    /** A latency percentile in milliseconds with its confidence interval [low, high]. */
    public record Percentile(double ms, double low, double high) {
    }

    /** The step's latency percentiles, each with its interval. */
    public record StepLatency(Percentile p50, Percentile p95, Percentile p99) {
    }

    /**
     * The step's value of one objective's metric (ms for a latency, a ratio for failures), its
     * confidence interval [low, high], and whether the objective held by the step test.
     */
    public record ObjectiveValue(String metric, double value, double low, double high, boolean holds) {
    }
}
