package io.benchlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** Sockets for pgjdbc that block in the kernel on reads even after a connect with a timeout. */
class BlockingSocketFactoryTest {

    @Test
    void timedConnectLeavesTheSocketBlockingAndUsable() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             Socket client = new BlockingSocketFactory().createSocket()) {
            client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()), 10_000);
            client.setTcpNoDelay(true);
            assertThat(client.getChannel().isBlocking()).isTrue();
            try (Socket peer = server.accept()) {
                OutputStream out = peer.getOutputStream();
                out.write(new byte[] {1, 2, 3});
                out.flush();
                InputStream in = client.getInputStream();
                byte[] got = new byte[3];
                assertThat(in.readNBytes(got, 0, 3)).isEqualTo(3);
                assertThat(got).containsExactly(1, 2, 3);
            }
            assertThat(client.getChannel().isBlocking()).isTrue();
        }
    }

    @Test
    void postgresConnectionsUseIt() {
        assertThat(new PostgresEngine().connectionProperties())
                .containsEntry("socketFactory", BlockingSocketFactory.class.getName());
    }
}
