package io.benchlab.results;

import java.util.List;
import java.util.Map;

/**
 * The database's own side of a run, per measured interval, on the clients' timeline: each
 * interval has the same round and {@code t} as the clients' interval it was read at. Counters are
 * deltas over the interval; waits are the sessions seen in each state, averaged over the samples
 * taken in the interval (as active-session-history tools show them). {@code note} says why the
 * series stops early or a source is missing; null when nothing went wrong.
 */
public record ServerStats(
        String sources,
        double waitSampleMs,
        long reads,
        double samplerCpuSeconds,
        List<Interval> intervals,
        String note) {

    public ServerStats {
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
    }

    /** The same block without its series (see {@link RunResult#withoutIntervals()}). */
    public ServerStats withoutIntervals() {
        return new ServerStats(sources, waitSampleMs, reads, samplerCpuSeconds, List.of(), note);
    }

    /** One measured interval of the server's counters (deltas) and its sessions by wait (averages). */
    public record Interval(int round, double t, double seconds, Map<String, Long> counters, Map<String, Double> waits) {

        public Interval {
            counters = counters == null ? Map.of() : new java.util.TreeMap<>(counters);
            waits = waits == null ? Map.of() : new java.util.TreeMap<>(waits);
        }
    }
}
