package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The nodes a run may use, by role, checked before anything is made: both roles exist, and on
 * each role some ready, schedulable node has room (allocatable) for its pod's requests. Whether
 * that room is free right now is the scheduler's to say; the run waits for it, bounded.
 */
final class NodeRoles {

    private NodeRoles() {
    }

    static void check(List<Node> nodes, ContainerLimits db, ContainerLimits runner) {
        check(nodes, db, runner, 1, false);
    }

    /** As above, for CLIENT_PODS runner pods: each on a client node of its own, unless SHARED. */
    static void check(List<Node> nodes, ContainerLimits db, ContainerLimits runner, int clientPods, boolean shared) {
        List<Node> dbNodes = withRole(nodes, Labels.DB_ROLE);
        List<Node> clientNodes = withRole(nodes, Labels.CLIENT_ROLE);
        String how = " (label and taint the nodes as k8s/NODES.md says)";
        if (dbNodes.isEmpty() && clientNodes.isEmpty()) {
            throw new BadInputException("no node carries the label " + Labels.NODE_ROLE + "; the run needs one node with "
                    + Labels.NODE_ROLE + "=" + Labels.DB_ROLE + " and another with " + Labels.NODE_ROLE + "="
                    + Labels.CLIENT_ROLE + how);
        }
        for (String role : List.of(Labels.DB_ROLE, Labels.CLIENT_ROLE)) {
            if (withRole(nodes, role).isEmpty()) {
                throw new BadInputException("no node carries " + Labels.NODE_ROLE + "=" + role + " (only "
                        + Labels.NODE_ROLE + "=" + (role.equals(Labels.DB_ROLE) ? Labels.CLIENT_ROLE : Labels.DB_ROLE)
                        + "); the database and the runner run on separate dedicated nodes" + how);
            }
        }
        requireRoom(dbNodes, Labels.DB_ROLE, "database", db, "--db-cpus/--db-memory");
        requireRoom(clientNodes, Labels.CLIENT_ROLE, "runner", runner, "--runner-cpus/--runner-memory");
        List<String> fitting = clientNodes.stream().filter(n -> schedulable(n) && fits(n, runner))
                .map(n -> n.getMetadata().getName()).sorted().toList();
        if (clientPods > fitting.size() && !shared) {
            throw new BadInputException("--client-pods " + clientPods + " needs " + clientPods + " client nodes with room"
                    + " for a runner pod; the cluster has " + fitting.size() + " (" + String.join(", ", fitting)
                    + "): add client nodes, or give --allow-shared-client-nodes to put several pods on one");
        }
    }

    private static boolean fits(Node n, ContainerLimits asked) {
        return cpus(n) >= asked.cpus() && memory(n) >= asked.memoryBytes();
    }

    static List<Node> withRole(List<Node> nodes, String role) {
        return nodes.stream().filter(n -> role.equals(labels(n).get(Labels.NODE_ROLE))).toList();
    }

    private static void requireRoom(List<Node> nodes, String role, String what, ContainerLimits asked, String flags) {
        List<Node> usable = nodes.stream().filter(NodeRoles::schedulable).toList();
        if (usable.isEmpty()) {
            throw new BadInputException("no " + role + " node is ready and schedulable ("
                    + nodes.stream().map(n -> n.getMetadata().getName()).collect(Collectors.joining(", ")) + ")");
        }
        if (usable.stream().noneMatch(n -> fits(n, asked))) {
            throw new BadInputException(String.format(Locale.ROOT, "the %s's requests (%s CPUs, %d MiB) fit on no %s"
                    + " node: %s; lower %s", what, trim(asked.cpus()), asked.memoryBytes() >> 20, role,
                    usable.stream().map(n -> String.format(Locale.ROOT, "%s has %s CPUs and %d MiB allocatable",
                            n.getMetadata().getName(), trim(cpus(n)), memory(n) >> 20)).collect(Collectors.joining(", ")),
                    flags));
        }
    }

    private static boolean schedulable(Node n) {
        boolean cordoned = n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable());
        boolean ready = n.getStatus() != null && n.getStatus().getConditions() != null && n.getStatus().getConditions()
                .stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        return ready && !cordoned;
    }

    static double cpus(Node n) {
        return amount(n, "cpu");
    }

    static long memory(Node n) {
        return (long) amount(n, "memory");
    }

    private static double amount(Node n, String resource) {
        Quantity q = n.getStatus() == null || n.getStatus().getAllocatable() == null ? null
                : n.getStatus().getAllocatable().get(resource);
        return q == null ? 0 : Quantity.getAmountInBytes(q).doubleValue();
    }

    private static java.util.Map<String, String> labels(Node n) {
        return n.getMetadata().getLabels() == null ? java.util.Map.of() : n.getMetadata().getLabels();
    }

    private static String trim(double v) {
        return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}
