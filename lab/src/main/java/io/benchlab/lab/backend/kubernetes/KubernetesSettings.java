package io.benchlab.lab.backend.kubernetes;

import io.benchlab.runner.pods.ClientPods;
import java.nio.file.Path;

/**
 * Where the kubernetes backend works: the kubeconfig (null: $KUBECONFIG, ~/.kube/config, or the
 * in-cluster service account), the namespace, and the registry prefix the nodes pull the images
 * from (null: the images are already on the nodes). {@code clientPods}: how many runner pods split
 * the clients, each on a client node of its own unless {@code shareClientNodes}.
 */
public record KubernetesSettings(Path kubeconfig, String namespace, String registry, int clientPods,
                                 boolean shareClientNodes) {

    public KubernetesSettings {
        new ClientPods(0, clientPods); // refuses --client-pods below 1
    }

    /** One runner pod. */
    public KubernetesSettings(Path kubeconfig, String namespace, String registry) {
        this(kubeconfig, namespace, registry, 1, false);
    }

    /** The split these settings ask for, refused when it leaves a pod without one of CLIENTS. */
    ClientPods split(int clients) {
        return new ClientPods(0, clientPods).requireClients(clients);
    }
}
