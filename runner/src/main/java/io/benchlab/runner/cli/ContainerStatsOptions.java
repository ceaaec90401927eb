package io.benchlab.runner.cli;

import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.ContainerStats;
import io.benchlab.runner.server.ContainerSources;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Where the database container's usage is read, beside the server's own counters. */
final class ContainerStatsOptions {

    @Option(names = "--db-container-stats", paramLabel = "SOURCE",
            description = "Read the database container's CPU, memory, I/O and network use per interval, beside the"
                    + " server's counters (needs --server-stats on): http://HOST:PORT/PATH, an endpoint answering"
                    + " with the usage as JSON (the lab serves one on the docker backend), or"
                    + " kubelet:NODE-ADDRESS/NAMESPACE/POD, the kubelet's summary (needs get on nodes/stats).")
    String source;

    @Option(names = "--kubelet-credentials", paramLabel = "DIR", defaultValue = Defaults.KUBELET_CREDENTIALS,
            description = "Where the token and ca.crt for the kubelet are (default: ${DEFAULT-VALUE}, the pod's"
                    + " service account).")
    Path kubeletCredentials;

    /** The source, or null when none is given. */
    ContainerStats toSource() {
        return source == null ? null : ContainerSources.parse(source, kubeletCredentials);
    }
}
