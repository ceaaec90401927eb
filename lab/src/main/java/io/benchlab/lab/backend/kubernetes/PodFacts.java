package io.benchlab.lab.backend.kubernetes;

import io.benchlab.results.Placement;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeSystemInfo;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import java.util.Map;

/**
 * One side of a Kubernetes run as the API server reports it, read back from the pod and its
 * node rather than from what the lab asked for: the node, its capacity and allocatable and its
 * kubelet, the image digest the kubelet resolved, the QoS class, and the limits the kubelet
 * applied (the container status's resources) where it reports them, else the pod spec's.
 */
final class PodFacts {

    private PodFacts() {
    }

    static Placement.Side side(Pod pod, Node node) {
        Container spec = pod.getSpec().getContainers().get(0);
        ContainerStatus status = pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null
                || pod.getStatus().getContainerStatuses().isEmpty() ? null : pod.getStatus().getContainerStatuses().get(0);
        ResourceRequirements applied = status == null ? null : status.getResources();
        boolean fromKubelet = applied != null && applied.getLimits() != null && !applied.getLimits().isEmpty();
        Map<String, Quantity> limits = fromKubelet ? applied.getLimits() : spec.getResources().getLimits();
        NodeSystemInfo info = node == null || node.getStatus() == null ? null : node.getStatus().getNodeInfo();
        return new Placement.Side(
                pod.getSpec().getNodeName(),
                spec.getImage(),
                digest(status == null ? null : status.getImageID()),
                amount(limits, "cpu"),
                limits == null || limits.get("memory") == null ? null : (long) (double) amount(limits, "memory"),
                info == null ? null : runtime(info.getContainerRuntimeVersion()),
                pod.getMetadata().getLabels(),
                pod.getMetadata().getName(),
                pod.getStatus() == null ? null : pod.getStatus().getQosClass(),
                info == null ? null : info.getKubeletVersion(),
                node == null || node.getStatus() == null ? null : resources(node.getStatus().getCapacity()),
                node == null || node.getStatus() == null ? null : resources(node.getStatus().getAllocatable()),
                fromKubelet ? "kubelet" : "pod spec");
    }

    /** {@code docker.io/benchlab/x@sha256:...} or {@code sha256:...}: the digest; anything else (a name:tag too): null. */
    static String digest(String imageId) {
        if (imageId == null || imageId.isBlank()) {
            return null;
        }
        String d = imageId.substring(imageId.lastIndexOf('@') + 1);
        // An OCI digest's encoded part is a hash (sha256: 64 hex digits): a name:tag is none.
        return d.matches("[a-z0-9]+:[a-zA-Z0-9=_-]{32,}") ? d : null;
    }

    /** {@code containerd://1.6.20} reads {@code containerd 1.6.20}, as the docker backend's {@code docker 27.3}. */
    static String runtime(String version) {
        return version == null ? null : version.replace("://", " ");
    }

    private static Placement.Resources resources(Map<String, Quantity> amounts) {
        if (amounts == null || amounts.get("cpu") == null || amounts.get("memory") == null) {
            return null;
        }
        return new Placement.Resources(amount(amounts, "cpu"), (long) (double) amount(amounts, "memory"));
    }

    private static Double amount(Map<String, Quantity> amounts, String resource) {
        Quantity q = amounts == null ? null : amounts.get(resource);
        return q == null ? null : Quantity.getAmountInBytes(q).doubleValue();
    }
}
