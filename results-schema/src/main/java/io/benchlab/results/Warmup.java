package io.benchlab.results;

/**
 * The warm-up phase, reported apart and excluded from every figure. Under a rate limit,
 * {@code missedStarts} counts the warm-up's scheduled transactions that had not started when
 * the measured phase began: they are dropped, so the warm-up's backlog is not billed to it.
 */
public record Warmup(double seconds, long committed, long failed, long missedStarts) {
}
