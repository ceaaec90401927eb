package io.benchlab.lab.backend.kubernetes;

import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReview;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectAccessReviewBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code lab run} does in its namespace, asked of the API server before anything is made
 * (SelfSubjectAccessReview, which every authenticated user may ask): a namespace the lab may not
 * use is one line, not a half-made run. k8s/rbac grants exactly these, plus reading nodes (get, list).
 */
final class Access {

    /**
     * group, resource, subresource, verb: the calls the backend makes. Nodes have no namespace, and
     * are asked about without one: a ClusterRole that a RoleBinding grants in the namespace would
     * answer yes there, and the watch of the nodes would still be denied.
     */
    record Need(String group, String resource, String subresource, String verb) {
        String text() {
            return verb + " " + resource + (subresource.isEmpty() ? "" : "/" + subresource);
        }

        boolean clusterScoped() {
            return resource.equals("nodes") || resource.equals("storageclasses");
        }
    }

    static final List<Need> RUN = List.of(
            new Need("", "secrets", "", "create"), new Need("", "secrets", "", "list"), new Need("", "secrets", "", "delete"),
            new Need("", "services", "", "create"), new Need("", "services", "", "list"),
            new Need("", "services", "", "delete"),
            new Need("", "pods", "", "create"), new Need("", "pods", "", "get"), new Need("", "pods", "", "list"),
            new Need("", "pods", "", "watch"), new Need("", "pods", "", "delete"),
            new Need("", "pods", "log", "get"), new Need("", "pods", "portforward", "create"),
            new Need("batch", "jobs", "", "create"), new Need("batch", "jobs", "", "get"), new Need("batch", "jobs", "", "list"),
            new Need("batch", "jobs", "", "patch"), new Need("batch", "jobs", "", "delete"),
            // Cluster-scoped, granted by k8s/rbac's ClusterRole: the watch of a run's nodes (see PodWatch).
            new Need("", "nodes", "", "watch"));

    /**
     * What a run with --db-storage pvc does besides: its claim made, read, removed; the claim's
     * events read when it does not bind; the StorageClass looked up (cluster-scoped).
     */
    static final List<Need> CLAIM = List.of(
            new Need("", "persistentvolumeclaims", "", "create"), new Need("", "persistentvolumeclaims", "", "get"),
            new Need("", "persistentvolumeclaims", "", "list"), new Need("", "persistentvolumeclaims", "", "delete"),
            new Need("", "events", "", "list"),
            new Need("storage.k8s.io", "storageclasses", "", "get"), new Need("storage.k8s.io", "storageclasses", "", "list"));

    /**
     * What a series of steps on one database does besides: each step's Job takes the run's Secret
     * over from the Job before, a merge patch of its owner (see ClusterObjects#nextJob).
     */
    static final List<Need> STEPS = List.of(new Need("", "secrets", "", "patch"));

    private Access() {
    }

    /** The needs the API server denies in the namespace; empty when the run may go ahead. */
    static List<String> denied(KubernetesClient client, String namespace, List<Need> needs) {
        List<String> denied = new ArrayList<>();
        for (Need n : needs) {
            SelfSubjectAccessReview review = new SelfSubjectAccessReviewBuilder().withNewSpec()
                    .withNewResourceAttributes().withNamespace(n.clusterScoped() ? "" : namespace).withGroup(n.group())
                    .withResource(n.resource()).withSubresource(n.subresource()).withVerb(n.verb())
                    .endResourceAttributes().endSpec().build();
            SelfSubjectAccessReview answer = client.authorization().v1().selfSubjectAccessReview().create(review);
            if (answer.getStatus() == null || !Boolean.TRUE.equals(answer.getStatus().getAllowed())) {
                denied.add(n.text());
            }
        }
        return denied;
    }
}
