package io.benchlab.runner.server;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.ContainerStats;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;

/** The container sources the runner knows, by the text of --db-container-stats. */
public final class ContainerSources {

    private ContainerSources() {
    }

    /**
     * The source named by --db-container-stats: {@code http://HOST:PORT/PATH}, an endpoint that
     * answers with the usage as JSON (the lab's relay of Docker's stats), or
     * {@code kubelet:NODE-ADDRESS/NAMESPACE/POD}, the kubelet's summary on that node, asked with
     * the token and CA certificate in {@code credentials} (a service account's mount).
     */
    public static ContainerStats parse(String spec, Path credentials) {
        String s = spec.strip();
        String lower = s.toLowerCase(Locale.ROOT);
        if (lower.startsWith("kubelet:")) {
            String[] parts = s.substring("kubelet:".length()).split("/", -1);
            if (parts.length != 3 || parts[0].isBlank() || parts[1].isBlank() || parts[2].isBlank()) {
                throw new BadInputException("--db-container-stats '" + spec + "': give kubelet:NODE-ADDRESS/NAMESPACE/POD");
            }
            try {
                return new KubeletSummary(parts[0], parts[1], parts[2], credentials);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--db-container-stats '" + spec + "': " + parts[0] + " is not a node address");
            }
        }
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            try {
                URI uri = new URI(s);
                if (uri.getHost() == null) {
                    throw new URISyntaxException(s, "no host");
                }
                return new UsageEndpoint(uri);
            } catch (URISyntaxException e) {
                throw new BadInputException("--db-container-stats '" + spec + "' is not a URL: " + e.getReason());
            }
        }
        throw new BadInputException("--db-container-stats '" + spec + "': give http://HOST:PORT/PATH (a usage endpoint)"
                + " or kubelet:NODE-ADDRESS/NAMESPACE/POD");
    }
}
