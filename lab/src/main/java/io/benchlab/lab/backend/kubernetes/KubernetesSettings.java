package io.benchlab.lab.backend.kubernetes;

import java.nio.file.Path;

/**
 * Where the kubernetes backend works: the kubeconfig (null: $KUBECONFIG, ~/.kube/config, or the
 * in-cluster service account), the namespace, and the registry prefix the nodes pull the images
 * from (null: the images are already on the nodes).
 */
public record KubernetesSettings(Path kubeconfig, String namespace, String registry) {
}
