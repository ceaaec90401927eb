package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Which cluster and namespace: shared by lab run --backend kubernetes and lab clean. */
public final class ClusterOptions {

    @Option(names = "--kubeconfig", paramLabel = "FILE",
            description = "The cluster and credentials (default: $KUBECONFIG, ~/.kube/config, or the pod's service"
                    + " account when the lab runs in the cluster).")
    Path kubeconfig;

    @Option(names = {"-n", "--namespace"}, paramLabel = "NAME", defaultValue = LabDefaults.KUBE_NAMESPACE,
            description = "Namespace of the runs' objects (default: ${DEFAULT-VALUE}, made by kubectl apply -k k8s/).")
    String namespace;

    Path kubeconfig() {
        return kubeconfig;
    }

    String namespace() {
        if (!namespace.matches("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?")) {
            throw new BadInputException("--namespace: '" + namespace + "' is not a namespace name (lower-case letters,"
                    + " digits and '-', at most 63)");
        }
        return namespace;
    }
}
