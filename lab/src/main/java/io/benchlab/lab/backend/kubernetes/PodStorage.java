package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.DbStorage;
import io.benchlab.lab.backend.StorageProbe;
import io.benchlab.lab.backend.kubernetes.model.DataVolume;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.backend.kubernetes.model.RunObjects;
import io.benchlab.results.Storage;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;

/**
 * The database pod's storage as --db-storage asked (docker's default kind stands for ephemeral):
 * the pod's volume, the run's claim (pvc), and what the result records before the probe has looked.
 * {@code chosen}: a claim's StorageClass as the API server named it (null: not asked, --dry-run).
 */
record PodStorage(DbStorage asked, String dataDir, long memoryLimit, String claimName,
                  StorageClasses.Chosen chosen) {

    static PodStorage of(DbStorage asked, String dataDir, long memoryLimit, String runId,
                         StorageClasses.Chosen chosen) {
        DbStorage storage = asked == null || !asked.kind().equals(DbStorage.Kind.PVC)
                && !asked.kind().equals(DbStorage.Kind.MEMORY) ? DbStorage.EPHEMERAL : asked;
        return new PodStorage(storage, dataDir, memoryLimit, Labels.name(runId, "db-data"), chosen);
    }

    DataVolume volume() {
        return new DataVolume(asked.kind(), dataDir, requestedBytes(), claimName, StorageProbe.command(dataDir));
    }

    /** The claim to make before the pod, or null. */
    PersistentVolumeClaim claim(String runId, String namespace) {
        if (asked.kind() != DbStorage.Kind.PVC) {
            return null;
        }
        return RunObjects.dataClaim(runId, namespace, claimName, className(), asked.sizeBytes());
    }

    private String className() {
        return chosen != null ? chosen.name() : asked.storageClass();
    }

    private Long requestedBytes() {
        return switch (asked.kind()) {
            case MEMORY -> asked.tmpfsBytes(memoryLimit);
            case PVC -> asked.sizeBytes();
            default -> null;
        };
    }

    /** What the run asked for, before the probe's output is read. */
    Storage recorded() {
        return new Storage(asked.kind().label(), dataDir, requestedBytes(), null, null, null, null, null, null, note(),
                asked.kind() == DbStorage.Kind.PVC ? className() : null,
                chosen == null ? null : chosen.provisioner());
    }

    /** What the flush latency measures on this kind of storage. */
    String note() {
        return switch (asked.kind()) {
            case MEMORY -> "memory: an emptyDir of medium Memory; a flush has no disk to wait for";
            case PVC -> "a claim of StorageClass " + className() + (chosen == null ? "" : " (" + chosen.provisioner()
                    + ")") + ", measured by an init container of the database pod on the same volume";
            default -> "ephemeral: measured by an init container of the database pod in its own writable layer (or"
                    + " the volume its image declares for the data directory), on the node's disk, as the database's";
        };
    }
}
