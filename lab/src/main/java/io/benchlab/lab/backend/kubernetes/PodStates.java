package io.benchlab.lab.backend.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Reads a pod's status as the lab must act on it: why it cannot go on, or where it is. */
final class PodStates {

    private static final Set<String> PULL_FAILURES = Set.of("ErrImagePull", "ImagePullBackOff", "ErrImageNeverPull",
            "InvalidImageName", "RegistryUnavailable");
    private static final Set<String> START_FAILURES = Set.of("CreateContainerConfigError", "CreateContainerError",
            "RunContainerError", "CrashLoopBackOff");

    /** What a person can do about an image the node cannot pull, wherever it was to come from. */
    static final String PULL_HINT = "push it (make images REGISTRY=PREFIX PUSH=1) and give --registry PREFIX, with"
            + " --image-pull-secret where the registry asks for credentials, or load it on the nodes";

    private PodStates() {
    }

    /** Why the pod will never do its work (evicted, OOM-killed, image not pullable...), or empty. */
    static Optional<String> failure(Pod pod, String what) {
        String node = node(pod);
        if (pod.getStatus() == null) {
            return Optional.empty();
        }
        if ("Evicted".equals(pod.getStatus().getReason())) {
            return Optional.of("the " + what + " pod was evicted from node " + node + ": " + pod.getStatus().getMessage());
        }
        for (ContainerStatus c : initFirst(pod)) {
            ContainerStateWaiting waiting = c.getState() == null ? null : c.getState().getWaiting();
            if (waiting != null && PULL_FAILURES.contains(waiting.getReason())) {
                return Optional.of("the " + what + " image " + c.getImage() + " cannot be pulled on node " + node + " ("
                        + waiting.getReason() + (waiting.getMessage() == null ? "" : ": "
                        + KubeConnection.oneLine(waiting.getMessage())) + "); " + PULL_HINT);
            }
            if (waiting != null && START_FAILURES.contains(waiting.getReason())) {
                return Optional.of("the " + what + " container cannot start on node " + node + " (" + waiting.getReason()
                        + (waiting.getMessage() == null ? "" : ": " + KubeConnection.oneLine(waiting.getMessage())) + ")");
            }
            ContainerStateTerminated ended = terminated(c);
            if (ended != null && "OOMKilled".equals(ended.getReason())) {
                return Optional.of("the " + what + " was OOM-killed on node " + node + " at its memory limit"
                        + " (raise --" + (what.equals("database") ? "db" : "runner") + "-memory)");
            }
        }
        if ("Failed".equals(pod.getStatus().getPhase()) && what.equals("database")) {
            return Optional.of("the database pod failed on node " + node + describeExit(pod));
        }
        return Optional.empty();
    }

    /** The scheduler's reason while the pod cannot be placed, or empty once it is (or before it tried). */
    static Optional<String> unschedulable(Pod pod) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        for (PodCondition c : pod.getStatus().getConditions()) {
            if ("PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && "Unschedulable".equals(c.getReason())) {
                return Optional.of(KubeConnection.oneLine(c.getMessage()));
            }
        }
        return Optional.empty();
    }

    static boolean running(Pod pod) {
        return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase());
    }

    /** Running or finished: its log can be read. */
    static boolean started(Pod pod) {
        return pod.getStatus() != null && Set.of("Running", "Succeeded", "Failed").contains(pod.getStatus().getPhase());
    }

    static boolean finished(Pod pod) {
        return pod.getStatus() != null && Set.of("Succeeded", "Failed").contains(pod.getStatus().getPhase());
    }

    /** The exit code of the pod's (single) container, or null while it has none. */
    static Integer exitCode(Pod pod) {
        return statuses(pod).stream().map(PodStates::terminated).filter(t -> t != null).map(ContainerStateTerminated::getExitCode)
                .findFirst().orElse(null);
    }

    static String describeExit(Pod pod) {
        return statuses(pod).stream().map(PodStates::terminated).filter(t -> t != null).findFirst()
                .map(t -> ": exit code " + t.getExitCode() + (t.getReason() == null ? "" : " (" + t.getReason() + ")"))
                .orElse(pod.getStatus().getMessage() == null ? "" : ": " + pod.getStatus().getMessage());
    }

    static String node(Pod pod) {
        return pod.getSpec() == null || pod.getSpec().getNodeName() == null ? "(none)" : pod.getSpec().getNodeName();
    }

    private static ContainerStateTerminated terminated(ContainerStatus c) {
        if (c.getState() != null && c.getState().getTerminated() != null) {
            return c.getState().getTerminated();
        }
        return c.getLastState() == null ? null : c.getLastState().getTerminated();
    }

    /**
     * The init containers' statuses, then the containers': the database pod's storage probe is an
     * init container of the database's image, and while it cannot be pulled no container starts.
     */
    private static List<ContainerStatus> initFirst(Pod pod) {
        List<ContainerStatus> init = pod.getStatus() == null || pod.getStatus().getInitContainerStatuses() == null
                ? List.of() : pod.getStatus().getInitContainerStatuses();
        return java.util.stream.Stream.concat(init.stream(), statuses(pod).stream()).toList();
    }

    private static List<ContainerStatus> statuses(Pod pod) {
        return pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null ? List.of()
                : pod.getStatus().getContainerStatuses();
    }
}
