package io.benchlab.lab.backend.kubernetes;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Optional;

/**
 * Why a pod that was doing its part of a run is lost mid-run: deleted, evicted, OOM-killed,
 * restarted, or its node gone or not ready. Pure: the watch reads the objects, this judges them.
 */
final class PodLoss {

    private PodLoss() {
    }

    /**
     * The cause that ends the run, naming the pod, or empty while the pod goes on.
     *
     * @param pod the pod as the API server has it now; null when it is gone
     * @param name the pod's name (a gone pod has none to read)
     * @param what "database" or "runner"
     * @param restartsAtStart its containers' restarts when the run began
     * @param node its node now: null when the Node object is gone
     */
    static Optional<String> of(Pod pod, String name, String what, int restartsAtStart, Node node) {
        if (pod == null) {
            return Optional.of("the " + what + " pod " + name + " is gone: deleted by someone else");
        }
        if (pod.getMetadata().getDeletionTimestamp() != null) {
            return Optional.of("the " + what + " pod " + name + " was deleted by someone else while it ran, on node "
                    + PodStates.node(pod));
        }
        Optional<String> failure = PodStates.failure(pod, what);
        if (failure.isPresent()) {
            return Optional.of(failure.get() + " (pod " + name + ")");
        }
        if (restarts(pod) > restartsAtStart) {
            return Optional.of("the " + what + " container of pod " + name + " restarted on node " + PodStates.node(pod)
                    + PodStates.describeExit(pod));
        }
        if (node == null) {
            return Optional.of("the node " + PodStates.node(pod) + " of the " + what + " pod " + name + " is gone");
        }
        return notReady(node).map(why -> "the node " + PodStates.node(pod) + " of the " + what + " pod " + name
                + " is not ready: " + why);
    }

    /** The restarts of the pod's containers so far. */
    static int restarts(Pod pod) {
        return pod == null || pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null ? 0
                : pod.getStatus().getContainerStatuses().stream().mapToInt(c -> c.getRestartCount() == null ? 0
                : c.getRestartCount()).sum();
    }

    private static Optional<String> notReady(Node node) {
        if (node.getStatus() == null || node.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        for (NodeCondition c : node.getStatus().getConditions()) {
            if ("Ready".equals(c.getType()) && !"True".equals(c.getStatus())) {
                return Optional.of(c.getReason() == null ? "Ready is " + c.getStatus()
                        : c.getReason() + (c.getMessage() == null ? "" : " (" + KubeConnection.oneLine(c.getMessage()) + ")"));
            }
        }
        return Optional.empty();
    }
}
