package io.benchlab.runner.server;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.benchlab.runner.metrics.ProcessCpu;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A usage endpoint on loopback serving this test process's own CPU time and heap in use, in the
 * format the lab's relay serves a container's (UsageEndpoint), with received bytes that grow by
 * 1000 at each answer. It keeps every answer, so a test can check the sampler's deltas against
 * exactly what was served; from answer {@code failFrom} on it answers HTTP 503.
 */
final class UsageServer implements AutoCloseable {

    static final String SOURCE = "usage of the test process";

    private final HttpServer server;
    private final List<ObjectNode> served = new CopyOnWriteArrayList<>();
    private final int failFrom;

    UsageServer(int failFrom) throws IOException {
        this.failFrom = failFrom;
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        server.createContext("/usage", exchange -> {
            try (exchange) {
                byte[] body;
                int status = 200;
                synchronized (served) {
                    if (served.size() >= failFrom) {
                        status = 503;
                        body = "no stats now".getBytes(StandardCharsets.UTF_8);
                    } else {
                        ObjectNode n = JsonNodeFactory.instance.objectNode().put("source", SOURCE)
                                .put("cpu_ns", ProcessCpu.nanos())
                                .put("memory_bytes", Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory())
                                .put("net_rx_bytes", 1000L * (served.size() + 1));
                        served.add(n);
                        body = n.toString().getBytes(StandardCharsets.UTF_8);
                    }
                }
                exchange.sendResponseHeaders(status, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/usage";
    }

    List<ObjectNode> served() {
        return List.copyOf(served);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
