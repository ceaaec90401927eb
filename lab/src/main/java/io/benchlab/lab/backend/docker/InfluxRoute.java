package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerPort;
import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * How the runner's container reaches the InfluxDB the user named. A URL on the host's loopback
 * (InfluxDB at 127.0.0.1:8086, where {@code lab stack up} publishes it) means nothing inside a
 * container, so:
 * <ul>
 *   <li>a running container that publishes that port (the stack's InfluxDB, or one of the user's):
 *       the runner joins that container's network and streams to its address there. InfluxDB stays
 *       published on loopback only, out of the network's reach;</li>
 *   <li>else a process on the host: the runner streams to {@link HostAddress#ALIAS}, the host as
 *       the container sees it, which the process must listen on (0.0.0.0, behind a firewall). One
 *       that answers on loopback only would lose every live point while the run passed (its
 *       result warned of an outage): it is refused before the run, in one line;</li>
 *   <li>any other URL is used as it is.</li>
 * </ul>
 * {@code network} is the network to join (null: none), {@code extraHosts} the /etc/hosts entries.
 */
record InfluxRoute(URI url, String network, String[] extraHosts) {

    /** A port a running container publishes, and its address on each of its networks (by network name). */
    record Published(String container, String hostIp, int hostPort, int port, Map<String, String> addresses) {
    }

    /** No InfluxDB: no host entry, no network. */
    static final InfluxRoute NONE = new InfluxRoute(null, null, new String[0]);

    /** Host addresses a published port answers loopback on: the address itself, or every address. */
    private static final Set<String> REACHES_LOOPBACK = Set.of("127.0.0.1", "0.0.0.0", "::", "");

    /** The route for URL, given what containers publish and the Docker engine's description ("podman ..."). */
    static InfluxRoute choose(URI url, List<Published> published, String engine) {
        if (!HostAddress.loopback(url)) {
            return new InfluxRoute(url, null, new String[0]);
        }
        int port = port(url);
        Optional<Published> container = published.stream()
                .filter(p -> p.hostPort() == port && REACHES_LOOPBACK.contains(p.hostIp() == null ? "" : p.hostIp()))
                .filter(p -> !p.addresses().isEmpty())
                .min(Comparator.comparing(Published::container));
        if (container.isEmpty()) {
            return new InfluxRoute(HostAddress.fromContainer(url), null, HostAddress.extraHosts(engine));
        }
        Published p = container.get();
        String network = p.addresses().keySet().stream().sorted().findFirst().orElseThrow();
        return new InfluxRoute(withHost(url, p.addresses().get(network), p.port()), network, new String[0]);
    }

    /**
     * The route for URL on this Docker engine; refused (exit 2) when no container publishes a
     * loopback URL's port and the host's process behind it answers on loopback only.
     */
    static InfluxRoute find(DockerClient docker, URI url) {
        if (!HostAddress.loopback(url)) {
            return choose(url, List.of(), "");
        }
        InfluxRoute route = choose(url, published(docker), DockerEnvironment.describe(docker));
        if (route.network() == null && DockerEnvironment.local() && loopbackOnly(port(url))) {
            throw new BadInputException("InfluxDB at " + url + " answers on this machine's loopback only, where the"
                    + " runner's container cannot reach it: start it with lab stack up (the runner then joins its"
                    + " network), or in a container that publishes the port, or have it listen on 0.0.0.0 behind a"
                    + " firewall");
        }
        return route;
    }

    /** Every TCP port the running containers publish. */
    private static List<Published> published(DockerClient docker) {
        return docker.listContainersCmd().exec().stream().flatMap(c -> Arrays.stream(
                c.getPorts() == null ? new ContainerPort[0] : c.getPorts())
                .filter(p -> p.getPublicPort() != null && p.getPrivatePort() != null && !"udp".equals(p.getType()))
                .map(p -> new Published(name(c), p.getIp(), p.getPublicPort(), p.getPrivatePort(), addresses(c))))
                .toList();
    }

    private static String name(Container c) {
        return c.getNames() == null || c.getNames().length == 0 ? c.getId() : c.getNames()[0].replaceFirst("^/", "");
    }

    private static Map<String, String> addresses(Container c) {
        if (c.getNetworkSettings() == null || c.getNetworkSettings().getNetworks() == null) {
            return Map.of();
        }
        return c.getNetworkSettings().getNetworks().entrySet().stream()
                .filter(e -> e.getValue() != null && e.getValue().getIpAddress() != null
                        && !e.getValue().getIpAddress().isEmpty())
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().getIpAddress()));
    }

    /**
     * Whether a server answers on loopback at PORT and refuses the same port on the host's other
     * addresses. A refusal is certain (nothing listens there); a timeout (a firewall) or no other
     * address says nothing, and the run goes on.
     */
    static boolean loopbackOnly(int port) {
        return Boolean.TRUE.equals(connects(InetAddress.getLoopbackAddress(), port))
                && otherAddress().map(a -> Boolean.FALSE.equals(connects(a, port))).orElse(false);
    }

    /** Whether a connection to ADDRESS:PORT is taken (true), refused (false), or neither within a second (null). */
    private static Boolean connects(InetAddress address, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(address, port), 1_000);
            return true;
        } catch (ConnectException e) {
            return false;
        } catch (IOException e) {
            return null;
        }
    }

    /** An IPv4 address of this host beyond loopback, as a container's traffic to the host arrives at one. */
    static Optional<InetAddress> otherAddress() {
        try {
            return NetworkInterface.networkInterfaces().filter(InfluxRoute::upAndNotLoopback)
                    .flatMap(NetworkInterface::inetAddresses).filter(a -> a instanceof Inet4Address)
                    .filter(a -> !a.isLoopbackAddress()).findFirst();
        } catch (SocketException e) {
            return Optional.empty();
        }
    }

    private static boolean upAndNotLoopback(NetworkInterface i) {
        try {
            return i.isUp() && !i.isLoopback();
        } catch (SocketException e) {
            return false;
        }
    }

    private static int port(URI url) {
        return url.getPort() != -1 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
    }

    private static URI withHost(URI url, String host, int port) {
        try {
            return new URI(url.getScheme(), null, host, port, url.getPath(), null, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
