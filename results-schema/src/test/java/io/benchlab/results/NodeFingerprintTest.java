package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The node fingerprint: what it takes from a result, and what it calls a difference. */
class NodeFingerprintTest {

    private static RunResult on(Environment e, Placement p) {
        RunResult r = SampleResults.full();
        return new RunResult(r.schemaVersion(), r.runId(), r.status(), r.cause(), r.warnings(), r.timestamps(),
                r.knobs(), r.engine(), e, p, r.load(), r.warmup(), r.figures(), r.rounds(), r.intervals(),
                r.consistency(), null);
    }

    private static Environment env(String kernel, String bootId, Double cpuLimit) {
        return new Environment("0.1.0", "sha", "jvm", "vendor", "Linux " + kernel, "amd64", "EPYC", 2, 1L << 30,
                "host", List.of(), cpuLimit, null, kernel, bootId, "kubernetes");
    }

    private static Placement kube(String kubelet) {
        Placement.Side side = new Placement.Side("node-client", "img", null, 1.0, 1L << 30, "containerd 1.7.20",
                Map.of(), "pod", "Guaranteed", kubelet, new Placement.Resources(4, 8L << 30), null, "kubelet");
        return new Placement("kubernetes", side, side, null);
    }

    @Test
    void itHoldsTheRunnersMachineAndEachSidesRuntimeKubeletAndNodeSize() {
        assertThat(NodeFingerprint.of(on(env("6.1.0", "b1", 1.0), kube("v1.33.1"))).facts()).containsExactly(
                Map.entry("kernel", "6.1.0"), Map.entry("cpu model", "EPYC"), Map.entry("cpus", "2"),
                Map.entry("cgroup cpu limit", "1"), Map.entry("boot id", "b1"), Map.entry("container", "kubernetes"),
                Map.entry("runner runtime", "containerd 1.7.20"), Map.entry("runner kubelet", "v1.33.1"),
                Map.entry("runner node cpus", "4"), Map.entry("runner node memory", "" + (8L << 30)),
                Map.entry("database runtime", "containerd 1.7.20"), Map.entry("database kubelet", "v1.33.1"),
                Map.entry("database node cpus", "4"), Map.entry("database node memory", "" + (8L << 30)));
    }

    @Test
    void differencesNameEachFactAndSkipWhatOneSideDoesNotKnow() {
        NodeFingerprint a = NodeFingerprint.of(on(env("6.1.0", "b1", 1.0), kube("v1.33.1")));
        NodeFingerprint b = NodeFingerprint.of(on(env("6.1.0", "b2", 2.0), kube("v1.34.0")));
        assertThat(a.differences(b)).containsExactly("cgroup cpu limit 1 vs 2", "boot id b1 vs b2",
                "runner kubelet v1.33.1 vs v1.34.0", "database kubelet v1.33.1 vs v1.34.0");
        assertThat(a.differences(a)).isEmpty();
        // A result of schema version 4 has no kernel, boot id or container: unknown, not different.
        NodeFingerprint old = NodeFingerprint.of(on(new Environment("0.1.0", "sha", "jvm", "vendor", "Linux 6.1.0",
                "amd64", "EPYC", 2, 1L << 30, "host", List.of(), 1.0, null, null, null, null), kube("v1.33.1")));
        assertThat(a.differences(old)).isEmpty();
    }

    @Test
    void anotherStorageKindOfTheDatabaseIsAnotherSetUp() {
        Placement container = docker("container");
        NodeFingerprint a = NodeFingerprint.of(on(env("6.1.0", "b1", 1.0), container));
        NodeFingerprint b = NodeFingerprint.of(on(env("6.1.0", "b1", 1.0), docker("tmpfs")));
        assertThat(a.facts()).containsEntry("database storage", "container").doesNotContainKey("runner storage");
        assertThat(a.differences(b)).containsExactly("database storage container vs tmpfs");
        // A result from before storage was recorded: unknown, not different.
        assertThat(a.differences(NodeFingerprint.of(on(env("6.1.0", "b1", 1.0), docker(null))))).isEmpty();
    }

    private static Placement docker(String storage) {
        Placement.Side side = new Placement.Side("host", "img", null, 1.0, 1L << 30, "podman 5.4.2", Map.of());
        return new Placement("docker", side,
                storage == null ? side : side.withStorage(Storage.of(storage, null)));
    }
}
