package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Network;
import com.github.dockerjava.api.model.Statistics;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.benchlab.lab.LabDefaults;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Docker's stats of the run's database container, served to the runner container: the runner
 * reads its database's usage at each interval without any access to Docker itself. The relay
 * answers one path with one container's figures, on the run network's gateway address (where
 * the runner reaches the host), on a port of the system's choosing; it lives as long as the run.
 */
final class ContainerStatsRelay implements AutoCloseable {

    static final String PATH = "/usage";

    private final DockerClient docker;
    private final String containerId;
    private final String source;
    private final HttpServer server;

    private ContainerStatsRelay(DockerClient docker, String containerId, String containerName, HttpServer server) {
        this.docker = docker;
        this.containerId = containerId;
        this.source = "docker stats of container " + containerName;
        this.server = server;
        server.createContext(PATH, this::answer);
        server.setExecutor(null);
        server.start();
    }

    /**
     * A relay for the container, listening on NETWORK's gateway; throws with the reason when
     * this host has no such address (a Docker engine in a VM: the lab runs outside it).
     */
    static ContainerStatsRelay start(DockerClient docker, String network, String containerId, String containerName)
            throws IOException {
        Network n = docker.inspectNetworkCmd().withNetworkId(network).exec();
        String gateway = n.getIpam() == null || n.getIpam().getConfig() == null ? null
                : n.getIpam().getConfig().stream().map(Network.Ipam.Config::getGateway)
                        .filter(g -> g != null && !g.contains(":")).findFirst().orElse(null);
        if (gateway == null) {
            throw new IOException("network " + network + " has no IPv4 gateway");
        }
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(gateway), 0), 4);
        return new ContainerStatsRelay(docker, containerId, containerName, server);
    }

    /** Where the runner container asks. */
    URI url() {
        InetSocketAddress a = server.getAddress();
        return URI.create("http://" + a.getAddress().getHostAddress() + ":" + a.getPort() + PATH);
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            byte[] body;
            int status;
            if (!"GET".equals(exchange.getRequestMethod()) || !PATH.equals(exchange.getRequestURI().getPath())) {
                status = 404;
                body = "only GET /usage\n".getBytes(StandardCharsets.UTF_8);
            } else {
                try {
                    body = ContainerUsage.json(source, stats()).toString().getBytes(StandardCharsets.UTF_8);
                    status = 200;
                } catch (RuntimeException | IOException e) {
                    status = 502;
                    body = ("docker stats: " + Failures.rootMessage(e) + "\n").getBytes(StandardCharsets.UTF_8);
                }
            }
            exchange.getResponseHeaders().set("Content-Type", status == 200 ? "application/json" : "text/plain");
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** One sample, not a stream: podman answers at once; Docker may take up to a second for it. */
    private Statistics stats() throws IOException {
        AtomicReference<Statistics> first = new AtomicReference<>();
        try (ResultCallback.Adapter<Statistics> callback = docker.statsCmd(containerId).withNoStream(true)
                .exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Statistics s) {
                        first.compareAndSet(null, s);
                    }
                })) {
            if (!callback.awaitCompletion(LabDefaults.CONTAINER_STATS_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    && first.get() == null) {
                throw new IOException("no answer within " + LabDefaults.CONTAINER_STATS_TIMEOUT.toMillis() + " ms");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
        if (first.get() == null) {
            throw new IOException("no sample");
        }
        return first.get();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
