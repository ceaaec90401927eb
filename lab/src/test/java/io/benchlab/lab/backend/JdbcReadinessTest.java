package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.hsqldb.server.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The settings read-back reaches a real HSQLDB server through a relay that drops connections, as
 * a Kubernetes port-forward can: dropped ones are tried again, and a relay that drops every one
 * still ends the wait in one line.
 */
class JdbcReadinessTest {

    private static final ServerSettings GIVEN = new ServerSettings(Map.of("hsqldb.cache_rows", "50000"));

    private Server server;
    private Relay relay;

    @BeforeEach
    void startServer() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        server = new Server();
        server.setLogWriter(null);
        server.setErrWriter(null);
        server.setSilent(true);
        server.setAddress("127.0.0.1");
        server.setPort(port);
        server.setDatabaseName(0, "bench");
        server.setDatabasePath(0, "mem:readiness");
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        if (relay != null) {
            relay.close();
        }
        server.shutdown();
    }

    @Test
    void connectionsDroppedOnTheWayAreTriedAgain() throws Exception {
        relay = new Relay(server.getPort(), 2);

        assertThat(JdbcReadiness.readBack(target(), GIVEN)).isNotNull();
        assertThat(relay.dropped.get()).isEqualTo(2);
    }

    @Test
    void aRelayThatDropsEveryConnectionEndsTheReadBackInOneLine() throws Exception {
        relay = new Relay(server.getPort(), Integer.MAX_VALUE);

        assertThatThrownBy(() -> JdbcReadiness.readBack(target(), GIVEN))
                .isInstanceOf(JdbcReadiness.NotReady.class)
                .hasMessageStartingWith("the server's settings could not be read back (" + JdbcReadiness.READ_BACK_TRIES
                        + " tries): ")
                .hasMessageNotContaining("\n");
        assertThat(relay.dropped.get()).isEqualTo(JdbcReadiness.READ_BACK_TRIES);
    }

    @Test
    void aRefusalIsNotTriedAgain() throws Exception {
        relay = new Relay(server.getPort(), 0);
        Target wrongPassword = new Target(engine(), engine().defaultProfile(), url(), "NOBODY", Secret.NONE, false);

        assertThatThrownBy(() -> JdbcReadiness.readBack(wrongPassword, GIVEN))
                .isInstanceOf(JdbcReadiness.NotReady.class)
                .hasMessageStartingWith("the server's settings could not be read back: ");
        assertThat(relay.accepted.get()).isEqualTo(1);
    }

    private Target target() {
        return new Target(engine(), engine().defaultProfile(), url(), "SA", Secret.NONE, false);
    }

    private String url() {
        return "jdbc:hsqldb:hsql://127.0.0.1:" + relay.port() + "/bench";
    }

    private static Engine engine() {
        return Engines.find("hsqldb-server").orElseThrow();
    }

    /** Closes its first DROP connections at once, and passes the others on to the server. */
    private static final class Relay implements AutoCloseable {
        final AtomicInteger accepted = new AtomicInteger();
        final AtomicInteger dropped = new AtomicInteger();
        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());

        Relay(int serverPort, int drop) throws IOException {
            daemon(() -> {
                while (!socket.isClosed()) {
                    try {
                        Socket in = socket.accept();
                        if (accepted.incrementAndGet() <= drop) {
                            dropped.incrementAndGet();
                            in.close();
                            continue;
                        }
                        Socket out = new Socket(InetAddress.getLoopbackAddress(), serverPort);
                        pipe(in, out);
                        pipe(out, in);
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
        }

        int port() {
            return socket.getLocalPort();
        }

        private static void pipe(Socket from, Socket to) {
            daemon(() -> {
                try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                    in.transferTo(out);
                } catch (IOException ignored) {
                    // One side closed: the other goes with it.
                } finally {
                    try {
                        to.close();
                    } catch (IOException ignored) {
                        // Already closed.
                    }
                }
            });
        }

        private static void daemon(Runnable body) {
            Thread t = new Thread(body, "relay");
            t.setDaemon(true);
            t.start();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }
}
