package io.benchlab.runner.sink;

import io.benchlab.results.RunResult;

/**
 * What identifies a run's points wherever they go: the identity tags of the InfluxDB contract.
 * {@code clientPod}: which of the run's client pods wrote them, null when one process ran all clients.
 */
public record RunIdentity(String runId, String engine, String profile, int clients, String backend, String workload,
                          Integer clientPod) {

    public RunIdentity(String runId, String engine, String profile, int clients, String backend, String workload) {
        this(runId, engine, profile, clients, backend, workload, null);
    }

    /** The identity a complete result records (its engine and profile as read back). */
    public static RunIdentity of(RunResult r) {
        return new RunIdentity(r.runId(), r.engine() == null ? "unknown" : r.engine().name(),
                r.engine() == null ? "unknown" : r.engine().profile(), r.knobs().clients(),
                r.placement() == null ? "unknown" : r.placement().backend(), r.knobs().workload());
    }
}
