package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.Progress;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** {@code lab clean}: everything labelled with a run id (one, or any) in the namespace, removed. */
public final class Cleaner {

    private Cleaner() {
    }

    /** What was there and is now removed, as "kind name". */
    public static List<String> clean(Path kubeconfig, String namespace, String runId) {
        try (KubernetesClient client = KubeConnection.connect(kubeconfig)) {
            ClusterObjects objects = new ClusterObjects(client, namespace, runId);
            List<String> found;
            try {
                found = objects.remaining();
            } catch (KubernetesClientException e) {
                throw new BadInputException(KubeConnection.explain(client, e));
            }
            PrintWriter err = new PrintWriter(System.err, true);
            objects.deleteAll(new Progress(err, true));
            return found;
        }
    }
}
