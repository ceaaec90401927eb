package io.benchlab.lab.history;

import java.time.Instant;
import java.util.Map;

/**
 * One point of a history: a night's run (or a CSV's rows of one time). {@code time} is as its
 * source wrote it, {@code instant} the same as an instant (what the nights are ordered by),
 * {@code rounds} the metric's values of its rounds, {@code provenance} what the night ran with
 * (image digests, engine version, settings, node fingerprint, lab git sha; a CSV's text columns),
 * {@code runId} the run it came from (null from a CSV).
 */
public record Night(String time, Instant instant, double[] rounds, Map<String, String> provenance, String runId) {

    public Night {
        provenance = Map.copyOf(provenance);
    }
}
