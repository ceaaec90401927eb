package io.benchlab.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the nodes of a run were, as far as figures depend on it: the runner's kernel, CPU model and
 * count, cgroup limits, boot id and container runtime (from the result's environment), and on the
 * container backends each side's runtime and the database's storage kind, and on Kubernetes each
 * side's kubelet and node size (from its placement). Two runs whose fingerprints differ ran on other machines, or on the same
 * machine after a reboot or an upgrade: lab compare and lab history refuse to mix them unless
 * told to. A fact the result does not hold (an older schema version) is left out, not guessed.
 */
public record NodeFingerprint(Map<String, String> facts) {

    public NodeFingerprint {
        facts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(facts));
    }

    public static NodeFingerprint of(RunResult r) {
        Map<String, String> f = new LinkedHashMap<>();
        Environment e = r.environment();
        if (e != null) {
            put(f, "kernel", e.kernel());
            put(f, "cpu model", e.cpuModel());
            put(f, "cpus", e.cores());
            put(f, "cgroup cpu limit", e.cgroupCpuLimit());
            put(f, "cgroup memory limit", e.cgroupMemoryLimitBytes());
            put(f, "boot id", e.bootId());
            put(f, "container", e.container());
        }
        Placement p = r.placement();
        if (p != null) {
            side(f, "runner", p.runner());
            side(f, "database", p.database());
        }
        return new NodeFingerprint(f);
    }

    private static void side(Map<String, String> f, String name, Placement.Side s) {
        if (s == null) {
            return;
        }
        put(f, name + " runtime", s.containerEngine());
        put(f, name + " kubelet", s.kubeletVersion());
        // Another storage is another disk (or none): a durable run's figures are the storage's.
        put(f, name + " storage", s.storage() == null ? null : s.storage().kind());
        if (s.nodeCapacity() != null) {
            put(f, name + " node cpus", s.nodeCapacity().cpus());
            put(f, name + " node memory", s.nodeCapacity().memoryBytes());
        }
    }

    private static void put(Map<String, String> f, String name, Object value) {
        if (value != null) {
            f.put(name, value instanceof Double d && d == Math.rint(d) ? "" + d.longValue() : value.toString());
        }
    }

    /**
     * What differs from {@code other}, one phrase each ({@code boot id a vs b}); empty when nothing
     * does. A fact only one side holds is unknown on the other, not different.
     */
    public List<String> differences(NodeFingerprint other) {
        List<String> found = new ArrayList<>();
        facts.forEach((name, a) -> {
            String b = other.facts.get(name);
            if (b != null && !a.equals(b)) {
                found.add(name + " " + a + " vs " + b);
            }
        });
        return found;
    }
}
