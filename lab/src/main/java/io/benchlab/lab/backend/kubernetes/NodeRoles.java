package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The nodes a run may use, by role, checked before anything is made: both roles exist, and on
 * each role some ready, schedulable node has room for its pod's requests: its allocatable less
 * what the pods already placed there ask for ({@link NodeRoom}), as the scheduler counts it. A
 * plan that cannot be placed is refused at once, naming the node and the shortfall, rather than
 * left to wait for room that pods of another's (the lab's own, InfluxDB) hold.
 */
final class NodeRoles {

    private NodeRoles() {
    }

    static void check(List<Node> nodes, ContainerLimits db, ContainerLimits runner) {
        check(nodes, List.of(), db, runner, 1, false);
    }

    /**
     * As above, with the PODS that already run on the nodes, for CLIENT_PODS runner pods: each on a
     * client node of its own, unless SHARED.
     */
    static void check(List<Node> nodes, List<Pod> pods, ContainerLimits db, ContainerLimits runner, int clientPods,
                      boolean shared) {
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
        requireRoom(dbNodes, pods, Labels.DB_ROLE, "database", db, "--db-cpus/--db-memory");
        requireRoom(clientNodes, pods, Labels.CLIENT_ROLE, "runner", runner, "--runner-cpus/--runner-memory");
        List<String> fitting = clientNodes.stream().filter(NodeRoles::schedulable).map(n -> NodeRoom.of(n, pods))
                .filter(r -> r.fits(runner)).map(NodeRoom::name).sorted().toList();
        if (clientPods > fitting.size() && !shared) {
            throw new BadInputException("--client-pods " + clientPods + " needs " + clientPods + " client nodes with room"
                    + " for a runner pod; the cluster has " + fitting.size() + " (" + String.join(", ", fitting)
                    + "): add client nodes, or give --allow-shared-client-nodes to put several pods on one");
        }
    }

    /**
     * The one line for a cluster whose every node has a role: the lab's own pods (k8s/stack's
     * InfluxDB and Grafana, k8s/nightly's lab) go only on a node without one, so they have none.
     */
    static Optional<String> withoutGeneralNode(List<Node> nodes) {
        if (nodes.isEmpty() || nodes.stream().anyMatch(n -> !labels(n).containsKey(Labels.NODE_ROLE))) {
            return Optional.empty();
        }
        return Optional.of("every node of this cluster has a " + Labels.NODE_ROLE + ": k8s/stack's and k8s/nightly's"
                + " pods (InfluxDB, Grafana, the nightly lab) run only on a node without one, and stay Pending here"
                + " (k8s/NODES.md)");
    }

    static List<Node> withRole(List<Node> nodes, String role) {
        return nodes.stream().filter(n -> role.equals(labels(n).get(Labels.NODE_ROLE))).toList();
    }

    private static void requireRoom(List<Node> nodes, List<Pod> pods, String role, String what, ContainerLimits asked,
                                    String flags) {
        List<Node> usable = nodes.stream().filter(NodeRoles::schedulable).toList();
        if (usable.isEmpty()) {
            throw new BadInputException("no " + role + " node is ready and schedulable ("
                    + nodes.stream().map(n -> n.getMetadata().getName()).collect(Collectors.joining(", ")) + ")");
        }
        List<NodeRoom> rooms = usable.stream().map(n -> NodeRoom.of(n, pods)).toList();
        if (rooms.stream().noneMatch(r -> r.fits(asked))) {
            boolean taken = rooms.stream().anyMatch(r -> !r.takers().isEmpty());
            throw new BadInputException(String.format(Locale.ROOT, "the %s's requests (%s CPUs, %d MiB) fit on no %s"
                    + " node: %s; lower %s%s", what, NodeRoom.trim(asked.cpus()), asked.memoryBytes() >> 20, role,
                    rooms.stream().map(r -> r.describe(asked)).collect(Collectors.joining(", ")), flags,
                    taken ? ", or move the other pods off the " + role + " nodes (k8s/NODES.md)" : ""));
        }
    }

    private static boolean schedulable(Node n) {
        boolean cordoned = n.getSpec() != null && Boolean.TRUE.equals(n.getSpec().getUnschedulable());
        boolean ready = n.getStatus() != null && n.getStatus().getConditions() != null && n.getStatus().getConditions()
                .stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
        return ready && !cordoned;
    }

    private static java.util.Map<String, String> labels(Node n) {
        return n.getMetadata().getLabels() == null ? java.util.Map.of() : n.getMetadata().getLabels();
    }
}
