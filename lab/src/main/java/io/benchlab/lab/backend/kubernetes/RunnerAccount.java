package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/**
 * Whether the namespace has the runner's ServiceAccount (k8s/rbac), with which the runner reads
 * the database pod's usage from the kubelet. Without it the run goes on, without that usage:
 * a pod naming an account that is not there would never be made.
 */
final class RunnerAccount {

    /** The account's name, or null and why not. */
    record Found(String name, String why) {
    }

    private RunnerAccount() {
    }

    static Found find(KubernetesClient client, String namespace) {
        try {
            if (client.serviceAccounts().inNamespace(namespace).withName(Labels.RUNNER_ACCOUNT).get() != null) {
                return new Found(Labels.RUNNER_ACCOUNT, null);
            }
            return new Found(null, "namespace " + namespace + " has no ServiceAccount " + Labels.RUNNER_ACCOUNT
                    + " (k8s/rbac makes it, with get on nodes/stats)");
        } catch (KubernetesClientException e) {
            return new Found(null, "the lab may not read ServiceAccount " + Labels.RUNNER_ACCOUNT + " in namespace "
                    + namespace + " (HTTP " + e.getCode() + "; k8s/rbac grants it)");
        }
    }
}
