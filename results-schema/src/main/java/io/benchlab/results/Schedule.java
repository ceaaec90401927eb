package io.benchlab.results;

/**
 * How a rate-limited phase kept to its schedule. {@code scheduled} counts the transactions whose
 * intended start fell inside the phase; {@code missedStarts} those of them that never started,
 * because the clients were still behind when the phase's grace after its planned end ran out.
 */
public record Schedule(double targetTps, double achievedTps, long scheduled, long missedStarts) {
}
