package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** Which way the runner's container streams to InfluxDB, from the URL and what containers publish. */
class InfluxRouteTest {

    private static final URI STACK = URI.create("http://127.0.0.1:8086");
    private static final InfluxRoute.Published STACK_INFLUXDB = new InfluxRoute.Published("benchlab-stack-influxdb",
            "127.0.0.1", 8086, 8086, Map.of("benchlab-stack", "10.89.0.6"));

    @Test
    void aUrlBeyondLoopbackIsUsedAsItIs() {
        URI url = URI.create("http://influx.example:8086/");
        InfluxRoute r = InfluxRoute.choose(url, List.of(STACK_INFLUXDB), "podman 4.3.1");
        assertThat(r.url()).isEqualTo(url);
        assertThat(r.network()).isNull();
        assertThat(r.extraHosts()).isEmpty();
    }

    @Test
    void aContainerPublishingTheLoopbackPortIsJoinedOnItsNetwork() {
        InfluxRoute r = InfluxRoute.choose(STACK, List.of(STACK_INFLUXDB), "podman 4.3.1");
        assertThat(r.url()).isEqualTo(URI.create("http://10.89.0.6:8086"));
        assertThat(r.network()).isEqualTo("benchlab-stack");
        assertThat(r.extraHosts()).isEmpty();
    }

    /** Published on host port 18086 from the container's 8086: the container's own port is the one to use. */
    @Test
    void theContainersOwnPortIsUsedNotTheHostPort() {
        var published = new InfluxRoute.Published("influx", "0.0.0.0", 18086, 8086, Map.of("podman", "10.88.0.9"));
        InfluxRoute r = InfluxRoute.choose(URI.create("http://localhost:18086/"), List.of(published), "Docker 27");
        assertThat(r.url()).isEqualTo(URI.create("http://10.88.0.9:8086/"));
        assertThat(r.network()).isEqualTo("podman");
    }

    @Test
    void aPortPublishedOnAnotherAddressOrAnotherPortIsNotTheOne() {
        var elsewhere = new InfluxRoute.Published("lan", "192.0.2.2", 8086, 8086, Map.of("podman", "10.88.0.9"));
        var otherPort = new InfluxRoute.Published("other", "127.0.0.1", 8087, 8086, Map.of("podman", "10.88.0.10"));
        InfluxRoute r = InfluxRoute.choose(STACK, List.of(elsewhere, otherPort), "Docker 27");
        assertThat(r.url()).isEqualTo(URI.create("http://" + HostAddress.ALIAS + ":8086"));
        assertThat(r.network()).isNull();
        assertThat(r.extraHosts()).containsExactly(HostAddress.ALIAS + ":host-gateway");
    }

    @Test
    void withNoContainerPodmanReachesTheHostByItsOwnAlias() {
        InfluxRoute r = InfluxRoute.choose(STACK, List.of(), "podman 4.3.1");
        assertThat(r.url()).isEqualTo(URI.create("http://" + HostAddress.ALIAS + ":8086"));
        assertThat(r.extraHosts()).isEmpty();
    }

    /** A server on loopback alone is told from one on every address; a port where nothing listens is not refused. */
    @Test
    void aServerOnLoopbackAloneIsToldFromOneOnEveryAddress() throws IOException {
        Assumptions.assumeTrue(InfluxRoute.otherAddress().isPresent(), "this machine has no address beyond loopback");
        try (ServerSocket loopback = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             ServerSocket every = new ServerSocket(0, 1)) {
            assertThat(InfluxRoute.loopbackOnly(loopback.getLocalPort())).isTrue();
            assertThat(InfluxRoute.loopbackOnly(every.getLocalPort())).isFalse();
        }
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        assertThat(InfluxRoute.loopbackOnly(closed)).isFalse();
    }
}
