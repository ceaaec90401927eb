package io.benchlab.lab.backend.kubernetes;

import java.nio.file.Path;

/**
 * Where the kubernetes backend works: the kubeconfig (null: $KUBECONFIG, ~/.kube/config, or the
 * in-cluster service account), the namespace, and the registry prefix the nodes pull the images
 * from (null: the images are already on the nodes). {@code clientPods}: how many runner pods split
 * the clients, each on a client node of its own unless {@code shareClientNodes}.
 */
public record KubernetesSettings(Path kubeconfig, String namespace, String registry, int clientPods,
                                 boolean shareClientNodes) {

    /** One runner pod. */
    public KubernetesSettings(Path kubeconfig, String namespace, String registry) {
        this(kubeconfig, namespace, registry, 1, false);
    }
}
