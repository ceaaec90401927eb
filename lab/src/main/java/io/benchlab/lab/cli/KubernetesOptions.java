package io.benchlab.lab.cli;

import io.benchlab.lab.backend.kubernetes.KubernetesSettings;
import io.benchlab.runner.core.BadInputException;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** Where and how the kubernetes backend works; refused on any other backend. */
public final class KubernetesOptions {

    @Spec
    CommandSpec self;

    @Mixin
    ClusterOptions cluster;

    @Option(names = "--registry", paramLabel = "PREFIX",
            description = "Pull the images as PREFIX/benchlab/... (pushed with make images REGISTRY=PREFIX PUSH=1);"
                    + " without it the nodes must have them already.")
    String registry;

    @Option(names = "--image-pull-secret", paramLabel = "NAME",
            description = "Every pod the lab makes pulls its image with Secret NAME (type kubernetes.io/dockerconfigjson,"
                    + " in the run's namespace); without it, only with the ServiceAccounts' imagePullSecrets, if any.")
    String pullSecret;

    @Option(names = "--dry-run", description = "Print the run's Kubernetes manifests as YAML and make nothing.")
    boolean dryRun;

    @Option(names = "--client-pods", paramLabel = "N",
            description = "Split --clients over N runner pods (an Indexed Job), each on a client node of its own; they"
                    + " start their measured phase together and their histograms merge exactly (default: 1).")
    Integer clientPods;

    @Option(names = "--allow-shared-client-nodes",
            description = "Let several of the --client-pods share a client node when there are fewer client nodes"
                    + " than pods (else the run is refused).")
    boolean shareClientNodes;

    KubernetesSettings settings() {
        if (registry != null && (registry.isBlank() || registry.contains("://") || registry.contains(" "))) {
            throw new BadInputException("--registry: '" + registry + "' is not an image prefix (e.g. registry.example:5000/team)");
        }
        if (pullSecret != null && !pullSecret.matches("[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?")) {
            throw new BadInputException("--image-pull-secret: '" + pullSecret + "' is not a Secret's name (lower-case"
                    + " letters, digits, '-' and '.')");
        }
        return new KubernetesSettings(cluster.kubeconfig(), cluster.namespace(), registry, pullSecret,
                clientPods == null ? 1 : clientPods, shareClientNodes);
    }

    boolean dryRun() {
        return dryRun;
    }

    /** On another backend these options would be silently ignored: refuse them instead. */
    void refuseOn(String backend, ParseResult parsed) {
        BackendOptions.refuse(self, parsed, "--backend kubernetes", backend);
    }
}
