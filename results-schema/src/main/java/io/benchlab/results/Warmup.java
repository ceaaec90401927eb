package io.benchlab.results;

/** The warm-up phase, reported apart and excluded from every figure. */
public record Warmup(double seconds, long committed, long failed) {
}
