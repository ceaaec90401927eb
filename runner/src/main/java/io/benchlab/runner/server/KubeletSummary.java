package io.benchlab.runner.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.runner.core.ContainerStats;
import io.benchlab.runner.core.Secret;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;

/**
 * The database pod's usage from the kubelet of its node ({@code GET /stats/summary}). The
 * kubelet authorizes that path as {@code get nodes/stats}, the narrowest grant that reaches it
 * (the API server's node proxy would need {@code nodes/proxy}, which also allows exec); the
 * runner's service account holds it (k8s/rbac). The token is read again at every request, as
 * the kubelet rotates it; the kubelet's certificate is checked against the service account's CA.
 * The summary has no block I/O, and its network bytes are not fresh (see {@link #usage}).
 */
final class KubeletSummary implements ContainerStats {

    /** The kubelet's secure port. */
    static final int PORT = 10250;

    private final URI uri;
    private final String namespace;
    private final String pod;
    private final Path credentials;
    private HttpClient http;

    KubeletSummary(String node, String namespace, String pod, Path credentials) {
        this.uri = URI.create("https://" + (node.contains(":") && !node.startsWith("[") ? "[" + node + "]" : node)
                + ":" + PORT + "/stats/summary");
        this.namespace = namespace;
        this.pod = pod;
        this.credentials = credentials;
    }

    @Override
    public Usage read() throws IOException, InterruptedException {
        if (http == null) {
            http = StatsHttp.client(credentials.resolve("ca.crt"));
        }
        Secret token = Secret.fromFile(credentials.resolve("token"), "token");
        for (JsonNode p : StatsHttp.getJson(http, uri, token).path("pods")) {
            JsonNode ref = p.path("podRef");
            if (namespace.equals(ref.path("namespace").asText()) && pod.equals(ref.path("name").asText())) {
                return usage(p);
            }
        }
        throw new IOException("the kubelet at " + uri.getHost() + " has no pod " + namespace + "/" + pod);
    }

    /**
     * The pod's containers' figures added up. The kubelet reads a container's CPU time and working
     * set from the runtime at each request; its pod-level figures and the pod's network bytes come
     * from cAdvisor's housekeeping, 10 to 20 s old, which would put a burst of bytes in one
     * interval and none in the next, so they are not used.
     */
    static Usage usage(JsonNode p) throws IOException {
        long cpu = 0;
        long memory = 0;
        int containers = 0;
        for (JsonNode c : p.path("containers")) {
            Long ns = StatsHttp.optionalLong(c.path("cpu"), "usageCoreNanoSeconds");
            Long ws = StatsHttp.optionalLong(c.path("memory"), "workingSetBytes");
            if (ns == null || ws == null) {
                throw new IOException("the kubelet's summary has no CPU time or working set for container "
                        + c.path("name").asText() + " (yet)");
            }
            cpu += ns;
            memory += ws;
            containers++;
        }
        if (containers == 0) {
            throw new IOException("the kubelet's summary has no container of the pod");
        }
        return new Usage(cpu, memory, null, null, null, null);
    }

    @Override
    public String source() {
        return "kubelet summary of pod " + namespace + "/" + pod;
    }
}
