package io.benchlab.runner.sink;

import io.benchlab.results.RunResult;

/**
 * What identifies a run's points wherever they go: the identity tags of the InfluxDB contract.
 * {@code clientPod}: which of the run's client pods wrote them, null when one process ran all clients.
 * {@code setup}: the hash of the server settings the run was given (results' {@code setup.hash}),
 * null when it was given none: one tag value per set-up, so its cardinality stays low.
 */
public record RunIdentity(String runId, String engine, String profile, int clients, String backend, String workload,
                          Integer clientPod, String setup) {

    public RunIdentity(String runId, String engine, String profile, int clients, String backend, String workload) {
        this(runId, engine, profile, clients, backend, workload, null, null);
    }

    public RunIdentity(String runId, String engine, String profile, int clients, String backend, String workload,
                       Integer clientPod) {
        this(runId, engine, profile, clients, backend, workload, clientPod, null);
    }

    /** The identity a complete result records (its engine and profile as read back). */
    public static RunIdentity of(RunResult r) {
        return new RunIdentity(r.runId(), r.engine() == null ? "unknown" : r.engine().name(),
                r.engine() == null ? "unknown" : r.engine().profile(), r.knobs().clients(),
                r.placement() == null ? "unknown" : r.placement().backend(), r.knobs().workload(), null,
                r.setup() == null ? null : r.setup().hash());
    }
}
