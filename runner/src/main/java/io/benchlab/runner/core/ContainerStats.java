package io.benchlab.runner.core;

import java.io.IOException;

/**
 * Where the database container's (or pod's) usage is read: its CPU time, memory, I/O and network
 * bytes as the container runtime counts them in its cgroup. The sampler reads it at the same
 * moments as the server's counters, so both land on the clients' intervals.
 */
public interface ContainerStats {

    /**
     * Counters since the container started, and memory in use now (the working set); a figure
     * the source does not give is null.
     */
    record Usage(long cpuNanos, Long memoryBytes, Long ioReadBytes, Long ioWriteBytes, Long netRxBytes,
                 Long netTxBytes) {
    }

    /** The usage now: one request to the source, which fails past the server statistics' timeout. */
    Usage read() throws IOException, InterruptedException;

    /** Where it comes from, for the result's sources: "docker stats of container X", "kubelet summary of pod N/P". */
    String source();
}
