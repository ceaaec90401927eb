package io.benchlab.runner.server;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.runner.core.ContainerStats;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;

/**
 * An HTTP endpoint that answers a GET with the container's usage as JSON:
 * {@code {"source": ..., "cpu_ns": ..., "memory_bytes": ..., "io_read_bytes": ..., "io_write_bytes": ...,
 * "net_rx_bytes": ..., "net_tx_bytes": ...}}, every figure but cpu_ns optional. The lab serves one
 * for a run's database container on the docker backend, so the runner needs no access to Docker.
 */
final class UsageEndpoint implements ContainerStats {

    private final URI uri;
    private HttpClient http;
    private volatile String source;

    UsageEndpoint(URI uri) {
        this.uri = uri;
        this.source = "usage from " + uri;
    }

    @Override
    public Usage read() throws IOException, InterruptedException {
        if (http == null) {
            http = StatsHttp.client(null);
        }
        JsonNode n = StatsHttp.getJson(http, uri, null);
        if (!n.path("cpu_ns").canConvertToLong()) {
            throw new IOException(uri + " answered without cpu_ns");
        }
        if (n.path("source").isTextual()) {
            source = n.get("source").asText();
        }
        return new Usage(n.get("cpu_ns").asLong(), StatsHttp.optionalLong(n, "memory_bytes"),
                StatsHttp.optionalLong(n, "io_read_bytes"), StatsHttp.optionalLong(n, "io_write_bytes"),
                StatsHttp.optionalLong(n, "net_rx_bytes"), StatsHttp.optionalLong(n, "net_tx_bytes"));
    }

    @Override
    public String source() {
        return source;
    }
}
