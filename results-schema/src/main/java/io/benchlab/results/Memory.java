package io.benchlab.results;

/** Used heap of the runner JVM, sampled during the measured phase. */
public record Memory(long maxBytes, long minBytes) {
}
