package io.benchlab.lab.backend.docker;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * How a container reaches a service the user gave as loopback (an InfluxDB at 127.0.0.1): by
 * {@code host.containers.internal}, which podman (4.3 here) puts in every container's /etc/hosts
 * as the run network's gateway, and which the lab maps to the host's gateway on Docker
 * ({@code host-gateway}). The service must listen beyond loopback (0.0.0.0) for that; where a
 * container publishes the port, {@link InfluxRoute} goes to the container instead.
 */
final class HostAddress {

    static final String ALIAS = "host.containers.internal";

    private HostAddress() {
    }

    static boolean loopback(URI url) {
        String host = url.getHost() == null ? "" : url.getHost().toLowerCase(Locale.ROOT);
        return host.equals("localhost") || host.startsWith("127.") || host.equals("[::1]") || host.equals("::1");
    }

    /** The URL as a container on the run's network reaches it. */
    static URI fromContainer(URI url) {
        if (!loopback(url)) {
            return url;
        }
        try {
            return new URI(url.getScheme(), null, ALIAS, url.getPort(), url.getPath(), null, null);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** The extra /etc/hosts entry Docker needs for {@link #ALIAS}; podman has it already. */
    static String[] extraHosts(String containerEngine) {
        return containerEngine.toLowerCase(Locale.ROOT).contains("podman") ? new String[0]
                : new String[] {ALIAS + ":host-gateway"};
    }
}
