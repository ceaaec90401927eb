package io.benchlab.lab.backend.kubernetes.model;

import io.benchlab.lab.backend.DbStorage;
import java.util.List;

/**
 * The database pod's data directory as --db-storage asked: the pod's own storage (ephemeral), an
 * emptyDir in memory of {@code sizeBytes}, or the claim {@code claimName}; and the storage probe,
 * run by an init container of the same image over the same mount before the database starts.
 */
public record DataVolume(DbStorage.Kind kind, String dataDir, Long sizeBytes, String claimName,
                         List<String> probeCommand) {

    /** The volume's name in the pod: mounted at the data directory by the database and the probe. */
    public static final String VOLUME = "db-data";
    /** The init container that times flushes on the data directory; its log is the probe's output. */
    public static final String PROBE_CONTAINER = "storage-probe";

    public DataVolume {
        probeCommand = List.copyOf(probeCommand);
    }

    /** True where the pod mounts a volume of its own at the data directory. */
    public boolean mounted() {
        return kind == DbStorage.Kind.MEMORY || kind == DbStorage.Kind.PVC;
    }
}
