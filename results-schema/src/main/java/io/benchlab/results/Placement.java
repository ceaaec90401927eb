package io.benchlab.results;

import java.util.Map;

/**
 * Where the client and the database ran. Embedded runs fill only {@code backend}; container
 * and Kubernetes backends record images, nodes and limits for each side, and Kubernetes the
 * cluster too.
 */
public record Placement(String backend, Side runner, Side database, Cluster cluster, PodSplit clientPods) {

    public Placement(String backend, Side runner, Side database) {
        this(backend, runner, database, null, null);
    }

    /** A run with one client process (the clients are not split over pods). */
    public Placement(String backend, Side runner, Side database, Cluster cluster) {
        this(backend, runner, database, cluster, null);
    }

    /** The same placement, with the client pods' split. */
    public Placement withClientPods(PodSplit split) {
        return new Placement(backend, runner, database, cluster, split);
    }

    /**
     * One side of the run: a container or pod, or the local process. {@code cpuLimit} and
     * {@code memoryLimitBytes} are the limits in force as the runtime reports them
     * ({@code limitsSource} says who reported them); the Kubernetes fields are null elsewhere.
     * {@code storage}: where the database's side kept its data (the docker backend records it);
     * {@code writeIopsLimit}: the cap on its writes a second to that storage's device, as the runtime
     * reports it (null: none, or a result from before the cap was recorded).
     */
    public record Side(
            String node,
            String image,
            String imageDigest,
            Double cpuLimit,
            Long memoryLimitBytes,
            String containerEngine,
            Map<String, String> labels,
            String pod,
            String qosClass,
            String kubeletVersion,
            Resources nodeCapacity,
            Resources nodeAllocatable,
            String limitsSource,
            Storage storage,
            Long writeIopsLimit) {

        public Side {
            labels = labels == null ? Map.of() : Map.copyOf(labels);
        }

        /** A side whose storage is not recorded (the runner's, a pod's, a result from before storage was). */
        public Side(String node, String image, String imageDigest, Double cpuLimit, Long memoryLimitBytes,
                    String containerEngine, Map<String, String> labels, String pod, String qosClass,
                    String kubeletVersion, Resources nodeCapacity, Resources nodeAllocatable, String limitsSource) {
            this(node, image, imageDigest, cpuLimit, memoryLimitBytes, containerEngine, labels, pod, qosClass,
                    kubeletVersion, nodeCapacity, nodeAllocatable, limitsSource, null, null);
        }

        public Side(String node, String image, String imageDigest, Double cpuLimit, Long memoryLimitBytes,
                    String containerEngine, Map<String, String> labels) {
            this(node, image, imageDigest, cpuLimit, memoryLimitBytes, containerEngine, labels, null, null, null, null,
                    null, null);
        }

        /** The same side, with where its data was kept. */
        public Side withStorage(Storage where) {
            return new Side(node, image, imageDigest, cpuLimit, memoryLimitBytes, containerEngine, labels, pod, qosClass,
                    kubeletVersion, nodeCapacity, nodeAllocatable, limitsSource, where, writeIopsLimit);
        }

        /** The same side, with the cap on its writes a second (null: none). */
        public Side withWriteIopsLimit(Long cap) {
            return new Side(node, image, imageDigest, cpuLimit, memoryLimitBytes, containerEngine, labels, pod, qosClass,
                    kubeletVersion, nodeCapacity, nodeAllocatable, limitsSource, storage, cap);
        }
    }

    /** {@code image@digest}, the image alone without a digest; null when that side ran in no container. */
    public static String imageReference(Side side) {
        if (side == null || side.image() == null) {
            return null;
        }
        return side.imageDigest() == null ? side.image() : side.image() + "@" + side.imageDigest();
    }

    /** How many client pods ran a run's clients: 1 where they were not split (or nothing was placed). */
    public static int clientPodCount(Placement placement) {
        return placement == null || placement.clientPods() == null ? 1 : placement.clientPods().count();
    }

    /** CPUs and memory of a node, as capacity or as allocatable to pods. */
    public record Resources(double cpus, long memoryBytes) {
    }

    /** The cluster a Kubernetes run used. */
    public record Cluster(String kubernetesVersion, String namespace) {
    }

    public static Placement of(String backend) {
        return new Placement(backend, null, null, null, null);
    }
}
