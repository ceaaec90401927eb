package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;

/**
 * How the runner ended: its result (null when it left none), where both sides ran, its exit code,
 * and, without a result, the cause the backend saw (an OOM kill, an eviction, a crash).
 */
public record RunnerOutcome(RunResult result, Placement placement, int exitCode, String failure) {

    public static RunnerOutcome of(RunResult result, Placement placement, int exitCode) {
        return new RunnerOutcome(result, placement, exitCode, null);
    }

    public static RunnerOutcome without(String failure, Placement placement, int exitCode) {
        return new RunnerOutcome(null, placement, exitCode, failure);
    }
}
