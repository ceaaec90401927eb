package io.benchlab.results;

/**
 * Where the database kept its data, as the run asked for it and as seen from inside the
 * database's container: a durable result is decided by the storage, so it is part of the set-up.
 * {@code kind} is what the run asked for ({@code container}, {@code volume}, {@code tmpfs},
 * {@code bind}; on kubernetes {@code ephemeral}, {@code memory}, {@code pvc}); {@code requestedBytes}
 * the size it asked for (tmpfs, memory, pvc); {@code storageClass} and {@code provisioner} a claim's;
 * {@code bindFolder} the folder bind named, under which the run made its own (so that a rerun can
 * make its own there again); the filesystem type, mount
 * options and size, the block device and whether it is rotational are read from the data
 * directory's mount (null where the container could not see them). {@code flush} is the flush
 * latency measured there before the load, and {@code note} says what the figures measured, or why
 * there are none.
 */
public record Storage(
        String kind,
        String dataDir,
        Long requestedBytes,
        String filesystem,
        String mountOptions,
        Long sizeBytes,
        String device,
        Boolean rotational,
        FlushLatency flush,
        String note,
        String storageClass,
        String provisioner,
        String bindFolder) {

    /** Storage that is not a bind folder. */
    public Storage(String kind, String dataDir, Long requestedBytes, String filesystem, String mountOptions,
                   Long sizeBytes, String device, Boolean rotational, FlushLatency flush, String note,
                   String storageClass, String provisioner) {
        this(kind, dataDir, requestedBytes, filesystem, mountOptions, sizeBytes, device, rotational, flush, note,
                storageClass, provisioner, null);
    }

    /** Storage that no StorageClass provisioned. */
    public Storage(String kind, String dataDir, Long requestedBytes, String filesystem, String mountOptions,
                   Long sizeBytes, String device, Boolean rotational, FlushLatency flush, String note) {
        this(kind, dataDir, requestedBytes, filesystem, mountOptions, sizeBytes, device, rotational, flush, note, null,
                null);
    }

    /** Only the kind asked for: what a run records when it could not look (its database never started). */
    public static Storage of(String kind, Long requestedBytes) {
        return new Storage(kind, null, requestedBytes, null, null, null, null, null, null, null);
    }

    /**
     * {@code writes} writes of 8 KiB to one block of a file on the data directory's filesystem,
     * each waited for until the disk had it (O_DSYNC: the write and an fdatasync in one call), and
     * their latency's median, 99th percentile and maximum in milliseconds, and {@code writesPerSecond}
     * the writes over the probe's whole time (null: a result from before it was recorded). A throttle
     * that lets bursts through at the disk's speed keeps the median low; only the sustained rate shows it.
     */
    public record FlushLatency(int writes, double p50Ms, double p99Ms, double maxMs, Double writesPerSecond) {

        /** Without a sustained rate. */
        public FlushLatency(int writes, double p50Ms, double p99Ms, double maxMs) {
            this(writes, p50Ms, p99Ms, maxMs, null);
        }
    }
}
