package io.benchlab.results;

import java.util.List;

/**
 * One step of a capacity search: a run at an offered rate, its own result in {@code file}
 * ({@code run_id}), what it achieved, and what the step test made of it against the objectives: its
 * {@code verdict}, and {@code pass} for a pass (documents of the first capacity searches have
 * {@code pass} alone; their fails did not tell a broken objective from an unclear one).
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
        StepVerdict verdict,
        String why) {

    public CapacityStep {
        objectives = objectives == null ? List.of() : List.copyOf(objectives);
        if (verdict != null && pass != (verdict == StepVerdict.PASS)) {
            throw new IllegalArgumentException("a step's pass " + pass + " contradicts its verdict " + verdict.json());
        }
    }

    /** A step of the verdict, its {@code pass} following from it. */
    public CapacityStep(int index, String runId, String file, double offeredTps, Double achievedTps,
            Long missedStarts, Long scheduled, Double failuresRatio, StepLatency latency,
            List<ObjectiveValue> objectives, StepVerdict verdict, String why) {
        this(index, runId, file, offeredTps, achievedTps, missedStarts, scheduled, failuresRatio, latency,
                objectives, verdict == StepVerdict.PASS, verdict, why);
    }

    /** The verdict; for a document that has only {@code pass}, a fail reads as {@link StepVerdict#FAIL}. */
    public StepVerdict verdictOrPass() {
        return verdict != null ? verdict : pass ? StepVerdict.PASS : StepVerdict.FAIL;
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
