package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.LabDefaults;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeoutException;

/**
 * A client for the cluster in the kubeconfig (or the pod's service account), and the one-line
 * messages for a kubeconfig that cannot be used or an API server that does not answer. No retry
 * loops: an API server that is away is said to be away within {@link LabDefaults#KUBE_API_TIMEOUT}.
 */
public final class KubeConnection {

    private KubeConnection() {
    }

    public static KubernetesClient connect(Path kubeconfig) {
        io.fabric8.kubernetes.client.Config config;
        try {
            config = kubeconfig == null ? io.fabric8.kubernetes.client.Config.autoConfigure(null)
                    : io.fabric8.kubernetes.client.Config.fromKubeconfig(null, read(kubeconfig), kubeconfig.toString());
        } catch (RuntimeException e) {
            throw new BadInputException("kubeconfig " + where(kubeconfig) + " cannot be used: " + oneLine(e));
        }
        if (config.getMasterUrl() == null || config.getMasterUrl().isBlank()) {
            throw new BadInputException("kubeconfig " + where(kubeconfig) + " names no cluster");
        }
        int ms = (int) LabDefaults.KUBE_API_TIMEOUT.toMillis();
        config = new ConfigBuilder(config).withConnectionTimeout(ms).withRequestTimeout(ms)
                .withRequestRetryBackoffLimit(0).build();
        return new KubernetesClientBuilder().withConfig(config).build();
    }

    /**
     * True when the lab runs in a pod of the cluster it talks to (its API server is the one the
     * kubelet told the pod of): there, Services answer, and no port-forward is needed.
     */
    static boolean inCluster(KubernetesClient client) {
        String host = System.getenv("KUBERNETES_SERVICE_HOST");
        return host != null && !host.isBlank() && client.getMasterUrl() != null
                && host.equals(client.getMasterUrl().getHost().replaceAll("^\\[|\\]$", ""));
    }

    /** The client's failure as one line: the API server does not answer, or refused us, or said why. */
    public static String explain(KubernetesClient client, KubernetesClientException e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String api = "the Kubernetes API at " + client.getMasterUrl();
        if (root instanceof ConnectException || root instanceof UnknownHostException
                || root instanceof HttpTimeoutException || root instanceof TimeoutException
                || (e.getCode() == 0 && root instanceof IOException)) {
            return api + " does not answer (" + root.getClass().getSimpleName()
                    + (root.getMessage() == null ? "" : ": " + root.getMessage()) + ")";
        }
        if (e.getCode() == 401) {
            return api + " refused the kubeconfig's credentials (401 Unauthorized)";
        }
        String status = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
                : root.getMessage();
        return api + " said: " + (e.getCode() > 0 ? e.getCode() + " " : "") + oneLine(status);
    }

    static String oneLine(Object message) {
        String text = message instanceof Throwable t ? (t.getMessage() == null ? t.getClass().getSimpleName()
                : t.getMessage()) : String.valueOf(message);
        return text.replaceAll("\\s+", " ").strip();
    }

    private static String read(Path kubeconfig) {
        try {
            return Files.readString(kubeconfig);
        } catch (IOException e) {
            throw new BadInputException("kubeconfig " + kubeconfig + " cannot be read: "
                    + (Files.exists(kubeconfig) ? oneLine(e) : "no such file"));
        }
    }

    private static String where(Path kubeconfig) {
        if (kubeconfig != null) {
            return kubeconfig.toString();
        }
        String env = System.getenv("KUBECONFIG");
        return env != null ? env + " ($KUBECONFIG)" : "~/.kube/config";
    }
}
