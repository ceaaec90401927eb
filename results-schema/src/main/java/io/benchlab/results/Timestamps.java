package io.benchlab.results;

/** ISO-8601 UTC instants. {@code measuredStart} is null when the run never reached the measured phase. */
public record Timestamps(String started, String measuredStart, String finished) {
}
