package io.benchlab.lab.backend.kubernetes;

import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;

/**
 * The StorageClass a pvc run's claim will be of, asked of the API server before anything is made:
 * a class that does not exist (or no default class, where none is named) is bad input, not a claim
 * that never binds.
 */
final class StorageClasses {

    static final String DEFAULT_ANNOTATION = "storageclass.kubernetes.io/is-default-class";

    /** A class by name and who provisions its volumes. */
    record Chosen(String name, String provisioner) {
    }

    private StorageClasses() {
    }

    /** {@code asked} by name, else the cluster's default class. */
    static Chosen choose(KubernetesClient client, String asked) {
        if (asked != null) {
            StorageClass c = client.storage().v1().storageClasses().withName(asked).get();
            if (c == null) {
                throw new BadInputException("--db-storage pvc:" + asked + ": the cluster has no StorageClass " + asked
                        + " (kubectl get storageclass lists them)");
            }
            return new Chosen(asked, c.getProvisioner());
        }
        return client.storage().v1().storageClasses().list().getItems().stream().filter(StorageClasses::isDefault)
                .findFirst().map(c -> new Chosen(c.getMetadata().getName(), c.getProvisioner()))
                .orElseThrow(() -> new BadInputException("--db-storage pvc: the cluster has no default StorageClass;"
                        + " name one as pvc:CLASS (kubectl get storageclass lists them)"));
    }

    private static boolean isDefault(StorageClass c) {
        Map<String, String> a = c.getMetadata().getAnnotations();
        return a != null && "true".equals(a.get(DEFAULT_ANNOTATION));
    }
}
