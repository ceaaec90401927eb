package io.benchlab.lab.it.kube;

import io.benchlab.runner.it.ServerTargets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The Kubernetes clusters the integration tests use, found through their kubeconfig, as
 * {@code .ci/kube start} writes them and its env file exports them:
 * {@code BENCHLAB_KWOK_KUBECONFIG} (control plane and kwok's fake nodes: placement, RBAC,
 * lifecycle, nothing runs) and {@code BENCHLAB_KUBE_KUBECONFIG} (four real nodes that run
 * containers: node-db, node-client and node-client-2, both of role client, and node-general,
 * without a role). Unset, or its
 * API server not answering, the test is skipped with a message naming the variable and the
 * script; under {@code BENCHLAB_IT_REQUIRED=all} (CI) it fails instead.
 */
public final class Clusters {

    public static final String KWOK = "BENCHLAB_KWOK_KUBECONFIG";
    public static final String NODES = "BENCHLAB_KUBE_KUBECONFIG";

    private Clusters() {
    }

    /** The kwok cluster's kubeconfig (an admin token), its API server answering. */
    public static Path kwokKubeconfig() {
        return require(KWOK);
    }

    /** The real nodes' cluster's kubeconfig (an admin token), its API server answering. */
    public static Path nodesKubeconfig() {
        return require(NODES);
    }

    /**
     * The registry the real nodes pull from, with a password and TLS ({@code .ci/kube start}):
     * {@code BENCHLAB_KUBE_REGISTRY} (host:port), the user and the file holding the password, and
     * {@code BENCHLAB_KUBE_REGISTRY_PREFIX}, where .ci/run pushed the images (what --registry
     * takes). No node has an image of the registry's name preloaded: a pod that runs one pulled it.
     */
    public record Registry(String host, String prefix, String user, Path passwordFile, Path ca) {
    }

    public static final String REGISTRY = "BENCHLAB_KUBE_REGISTRY";

    public static Registry registry() {
        String host = System.getenv(REGISTRY);
        String prefix = System.getenv(REGISTRY + "_PREFIX");
        String user = System.getenv(REGISTRY + "_USER");
        String password = System.getenv(REGISTRY + "_PASSWORD_FILE");
        String ca = System.getenv(REGISTRY + "_CA");
        if (host == null || host.isBlank() || prefix == null || user == null || password == null
                || !Files.isReadable(Path.of(password)) || ca == null || !Files.isReadable(Path.of(ca))) {
            skipOrFail("no registry for the real nodes: set " + REGISTRY + ", " + REGISTRY + "_PREFIX, " + REGISTRY
                    + "_USER, " + REGISTRY + "_PASSWORD_FILE and " + REGISTRY + "_CA (.ci/kube start, then source"
                    + " /tmp/benchlab-kube/env,"
                    + " and push the images as .ci/run does)");
        }
        return new Registry(host, prefix, user, Path.of(password), Path.of(ca));
    }

    static Path require(String variable) {
        String value = System.getenv(variable);
        if (value == null || value.isBlank()) {
            skipOrFail("no Kubernetes cluster: set " + variable + " " + START);
        }
        Path kubeconfig = Path.of(value);
        if (!Files.isReadable(kubeconfig)) {
            skipOrFail(variable + "=" + value + ": no such kubeconfig " + START);
        }
        Kubectl.require();
        Kubectl.Result ready = Kubectl.run(kubeconfig, "--request-timeout=5s", "get", "--raw", "/readyz");
        if (!ready.ok()) {
            String why = ready.err().strip().lines().findFirst().orElse("exit " + ready.exitCode());
            skipOrFail("the API server of " + variable + "=" + value + " does not answer (" + why + ") " + START);
        }
        return kubeconfig;
    }

    private static final String START = "(start one with .ci/kube start, then source /tmp/benchlab-kube/env)";

    static void skipOrFail(String message) {
        if ("all".equals(System.getenv(ServerTargets.REQUIRED))) {
            Assertions.fail(message + " [" + ServerTargets.REQUIRED + "=all]");
        }
        Assumptions.abort(message);
    }
}
