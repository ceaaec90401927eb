package io.benchlab.results;

import java.util.Map;

/**
 * Where the client and the database ran. Embedded runs fill only {@code backend}; container
 * and Kubernetes backends record images, nodes and limits for each side.
 */
public record Placement(String backend, Side runner, Side database) {

    /** One side of the run: a container or pod, or the local process. */
    public record Side(
            String node,
            String image,
            String imageDigest,
            Double cpuLimit,
            Long memoryLimitBytes,
            String containerEngine,
            Map<String, String> labels) {

        public Side {
            labels = labels == null ? Map.of() : Map.copyOf(labels);
        }
    }

    public static Placement of(String backend) {
        return new Placement(backend, null, null);
    }
}
