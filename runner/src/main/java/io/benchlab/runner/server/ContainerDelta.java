package io.benchlab.runner.server;

import io.benchlab.results.ServerStats;
import io.benchlab.runner.core.ContainerStats;
import io.benchlab.runner.metrics.LatencySummary;

/** The container's usage over an interval, from two reads of its counters. */
final class ContainerDelta {

    private ContainerDelta() {
    }

    /** One read of the usage, and when it was taken (System.nanoTime). */
    record Read(ContainerStats.Usage usage, long nanos) {
    }

    /**
     * The usage between two reads; null when either is missing, or when the CPU time went back (a
     * restarted container counts from zero again). A counter that went back alone, or that one
     * read lacks, is left out.
     */
    static ServerStats.Container between(Read first, Read second) {
        if (first == null || second == null || second.usage().cpuNanos() < first.usage().cpuNanos()) {
            return null;
        }
        ContainerStats.Usage before = first.usage();
        ContainerStats.Usage after = second.usage();
        double seconds = (second.nanos() - first.nanos()) / 1e9;
        return new ServerStats.Container(LatencySummary.round3(seconds),
                LatencySummary.round3((after.cpuNanos() - before.cpuNanos()) / 1e9), after.memoryBytes(),
                delta(before.ioReadBytes(), after.ioReadBytes()), delta(before.ioWriteBytes(), after.ioWriteBytes()),
                delta(before.netRxBytes(), after.netRxBytes()), delta(before.netTxBytes(), after.netTxBytes()));
    }

    private static Long delta(Long before, Long after) {
        return before == null || after == null || after < before ? null : after - before;
    }
}
