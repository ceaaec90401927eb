package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.runner.pods.ClientPods;
import java.nio.file.Path;

/**
 * Where the kubernetes backend works: the kubeconfig (null: $KUBECONFIG, ~/.kube/config, or the
 * in-cluster service account), the namespace, and the registry prefix the nodes pull the images
 * from (null: the images are already on the nodes), and the Secret in the namespace with which they
 * pull (null: none, or the ServiceAccounts' own imagePullSecrets). {@code clientPods}: how many
 * runner pods split the clients, each on a client node of its own unless {@code shareClientNodes}.
 */
public record KubernetesSettings(Path kubeconfig, String namespace, String registry, String pullSecret,
                                 int clientPods, boolean shareClientNodes) {

    public KubernetesSettings {
        new ClientPods(0, clientPods); // refuses --client-pods below 1
    }

    /** No pull secret of the lab's own. */
    public KubernetesSettings(Path kubeconfig, String namespace, String registry, int clientPods,
                              boolean shareClientNodes) {
        this(kubeconfig, namespace, registry, null, clientPods, shareClientNodes);
    }

    /** One runner pod. */
    public KubernetesSettings(Path kubeconfig, String namespace, String registry) {
        this(kubeconfig, namespace, registry, 1, false);
    }

    /** How the run's pods pull their images. */
    RunObjects.Pulling pulling() {
        return new RunObjects.Pulling(registry != null, pullSecret);
    }

    /** The split these settings ask for, refused when it leaves a pod without one of CLIENTS. */
    ClientPods split(int clients) {
        return new ClientPods(0, clientPods).requireClients(clients);
    }
}
