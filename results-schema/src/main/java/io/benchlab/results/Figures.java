package io.benchlab.results;

import java.util.Map;

/**
 * The figures of one measured phase. Latency of a transaction covers all of its tries and,
 * under a rate limit, starts at its intended start.
 */
public record Figures(
        double seconds,
        long committed,
        long failed,
        long retried,
        double tps,
        Map<String, Long> failuresByCause,
        Latency latency,
        Map<String, Latency> statements,
        Memory memory) {

    public Figures {
        failuresByCause = failuresByCause == null ? Map.of() : Map.copyOf(failuresByCause);
        statements = statements == null ? Map.of() : Map.copyOf(statements);
    }
}
