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

    /**
     * One measured interval of the server's counters (deltas) and its sessions by wait (averages),
     * and the database container's usage over it; {@code container} is null where none was read.
     */
    public record Interval(int round, double t, double seconds, Map<String, Long> counters, Map<String, Double> waits,
                           Container container) {

        public Interval {
            counters = counters == null ? Map.of() : new java.util.TreeMap<>(counters);
            waits = waits == null ? Map.of() : new java.util.TreeMap<>(waits);
        }

        public Interval(int round, double t, double seconds, Map<String, Long> counters, Map<String, Double> waits) {
            this(round, t, seconds, counters, waits, null);
        }
    }

    /**
     * The database container's (or pod's) usage over an interval, as its runtime counts it from
     * the cgroup: {@code seconds} between the two reads, CPU time used in them, memory in use at
     * the second read (the working set: page cache that can be dropped is not counted), and the
     * bytes read, written, received and sent in them. A figure the source does not give is null.
     */
    public record Container(double seconds, double cpuSeconds, Long memoryBytes, Long ioReadBytes, Long ioWriteBytes,
                            Long netRxBytes, Long netTxBytes) {
    }
}
