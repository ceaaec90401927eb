package io.benchlab.results;

import java.util.Map;

/**
 * The figures of one measured phase. Latency of a transaction covers all of its tries and,
 * under a rate limit, starts at its intended start. {@code failedLatency} is the same for the
 * transactions that failed for good (null when none did); {@code exhaustedRetries} counts those
 * of them that gave up after {@code max_tries} retryable failures. {@code schedule} is there
 * only under a rate limit. {@code clientCpu} is the runner's CPU in the phase (null where the
 * JVM cannot tell it, and in results written before it was recorded).
 */
public record Figures(
        double seconds,
        long committed,
        long failed,
        long exhaustedRetries,
        long retried,
        double tps,
        Map<String, Long> failuresByCause,
        Latency latency,
        Latency failedLatency,
        Map<String, Latency> statements,
        Schedule schedule,
        Memory memory,
        ClientCpu clientCpu) {

    public Figures {
        failuresByCause = failuresByCause == null ? Map.of() : Map.copyOf(failuresByCause);
        statements = statements == null ? Map.of() : Map.copyOf(statements);
    }

    /** Figures without the client's CPU. */
    public Figures(double seconds, long committed, long failed, long exhaustedRetries, long retried, double tps,
                   Map<String, Long> failuresByCause, Latency latency, Latency failedLatency,
                   Map<String, Latency> statements, Schedule schedule, Memory memory) {
        this(seconds, committed, failed, exhaustedRetries, retried, tps, failuresByCause, latency, failedLatency,
                statements, schedule, memory, null);
    }
}
