package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.images.ContainerLimits;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A node's room for a new pod, as the scheduler's resource fit counts it: its allocatable CPU and
 * memory less the requests of the pods placed on it that have not ended (a pod's request is the
 * larger of its containers' sum and its largest init container, plus its overhead). A pod being
 * deleted does not count: the scheduler counts it until it is gone, but its room comes back within
 * its grace period (an earlier point of a sweep, say), and a run's pods wait for room, bounded.
 * {@code takers}: the pods that ask for some of it, as namespace/name.
 */
record NodeRoom(String name, double cpus, long memory, double freeCpus, long freeMemory, List<String> takers) {

    /** At most this many takers are named in a message; the rest are counted. */
    private static final int NAMED = 3;

    static NodeRoom of(Node node, List<Pod> pods) {
        String name = node.getMetadata().getName();
        double cpus = amount(node.getStatus() == null ? null : node.getStatus().getAllocatable(), "cpu");
        long memory = (long) amount(node.getStatus() == null ? null : node.getStatus().getAllocatable(), "memory");
        double usedCpus = 0;
        long usedMemory = 0;
        List<String> takers = new java.util.ArrayList<>();
        for (Pod p : pods) {
            if (p.getSpec() == null || !name.equals(p.getSpec().getNodeName()) || ended(p)
                    || p.getMetadata().getDeletionTimestamp() != null) {
                continue;
            }
            double podCpus = requested(p, "cpu");
            long podMemory = (long) requested(p, "memory");
            if (podCpus > 0 || podMemory > 0) {
                usedCpus += podCpus;
                usedMemory += podMemory;
                takers.add(p.getMetadata().getNamespace() + "/" + p.getMetadata().getName());
            }
        }
        return new NodeRoom(name, cpus, memory, cpus - usedCpus, memory - usedMemory, List.copyOf(takers));
    }

    boolean fits(ContainerLimits asked) {
        // Millicores: the scheduler's unit, so that 0.1 + 0.2 of requests is not a hair over 0.3.
        return Math.round(freeCpus * 1000) >= Math.round(asked.cpus() * 1000) && freeMemory >= asked.memoryBytes();
    }

    /** "node has 1.5 CPUs and 512 MiB free of 2 CPUs and 2048 MiB allocatable (0.5 CPUs short; taken by ns/a)". */
    String describe(ContainerLimits asked) {
        List<String> shorts = new java.util.ArrayList<>();
        double cpuShort = asked.cpus() - freeCpus;
        long memoryShort = asked.memoryBytes() - freeMemory;
        if (Math.round(cpuShort * 1000) > 0) {
            shorts.add(trim(cpuShort) + " CPUs");
        }
        if (memoryShort > 0) {
            shorts.add(mib(memoryShort) + " MiB");
        }
        String room = takers.isEmpty()
                ? String.format(Locale.ROOT, "%s has %s CPUs and %d MiB allocatable", name, trim(cpus), memory >> 20)
                : String.format(Locale.ROOT, "%s has %s CPUs and %d MiB free of %s CPUs and %d MiB allocatable", name,
                        trim(Math.max(0, freeCpus)), Math.max(0, freeMemory) >> 20, trim(cpus), memory >> 20);
        String by = takers.isEmpty() ? "" : "; taken by " + String.join(", ", takers.subList(0, Math.min(NAMED,
                takers.size()))) + (takers.size() > NAMED ? " and " + (takers.size() - NAMED) + " more" : "");
        return room + " (" + String.join(" and ", shorts) + " short" + by + ")";
    }

    private static boolean ended(Pod p) {
        String phase = p.getStatus() == null ? null : p.getStatus().getPhase();
        return "Succeeded".equals(phase) || "Failed".equals(phase);
    }

    /** The pod's effective request of RESOURCE: max(sum of its containers, largest init container) + overhead. */
    private static double requested(Pod p, String resource) {
        double containers = p.getSpec().getContainers().stream().mapToDouble(c -> request(c, resource)).sum();
        double init = p.getSpec().getInitContainers() == null ? 0
                : p.getSpec().getInitContainers().stream().mapToDouble(c -> request(c, resource)).max().orElse(0);
        return Math.max(containers, init) + amount(p.getSpec().getOverhead(), resource);
    }

    private static double request(Container c, String resource) {
        return c.getResources() == null ? 0 : amount(c.getResources().getRequests(), resource);
    }

    private static double amount(Map<String, Quantity> amounts, String resource) {
        Quantity q = amounts == null ? null : amounts.get(resource);
        return q == null ? 0 : Quantity.getAmountInBytes(q).doubleValue();
    }

    private static long mib(long bytes) {
        return (bytes + (1 << 20) - 1) >> 20;
    }

    static String trim(double v) {
        return BigDecimal.valueOf(Math.round(v * 1000) / 1000.0).stripTrailingZeros().toPlainString();
    }
}
