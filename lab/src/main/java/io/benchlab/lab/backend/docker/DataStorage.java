package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Volume;
import io.benchlab.lab.backend.DbStorage;
import io.benchlab.results.Storage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The database's data directory as --db-storage asked: made for the run (a named volume of the
 * session, or a fresh folder under the bind folder, removed with the session's containers), and
 * mounted over the engine's data directory when its container is created.
 */
final class DataStorage {

    private final DbStorage asked;
    private final String dataDir;
    private final long tmpfsBytes;
    private final String source;
    private final boolean podman;

    private DataStorage(DbStorage asked, String dataDir, long tmpfsBytes, String source, boolean podman) {
        this.asked = asked;
        this.dataDir = dataDir;
        this.tmpfsBytes = tmpfsBytes;
        this.source = source;
        this.podman = podman;
    }

    /**
     * Makes what the storage needs, in the session, which removes it; {@code memoryLimit}: the
     * database's; {@code podman}: the container engine is podman (see {@link #mount}).
     */
    static DataStorage prepare(ContainerSession session, String runId, DbStorage asked, String dataDir,
                               long memoryLimit, boolean podman) {
        String source = switch (asked.kind()) {
            case CONTAINER, TMPFS -> null;
            case VOLUME -> session.volume("db-data");
            case BIND -> folder(session, asked.bindFolder().resolve("benchlab-" + runId));
            case EPHEMERAL, MEMORY, PVC -> throw new IllegalArgumentException(asked.kind().label() + " is a kubernetes kind");
        };
        return new DataStorage(asked, dataDir, asked.tmpfsBytes(memoryLimit), source, podman);
    }

    /**
     * A fresh folder open to any user: the engine's entrypoint (as root) takes it over, or its
     * server user writes in it as it is; removed once the containers are.
     */
    private static String folder(ContainerSession session, Path folder) {
        try {
            Files.createDirectory(folder);
            Files.setPosixFilePermissions(folder, PosixFilePermissions.fromString("rwxrwxrwx"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make " + folder + " for --db-storage bind", e);
        }
        session.removeAfterContainers(() -> delete(folder));
        return folder.toString();
    }

    private static void delete(Path folder) {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not remove " + folder + " (--db-storage bind)", e);
        }
    }

    /**
     * Mounts the storage over the data directory of the container being created. A tmpfs must be
     * writable by the image's user, root or not (an image may run its server as a user of its
     * own): Docker mounts it with the mode asked, podman with the image folder's mode (0700) and
     * root as owner unless told U (the container's user).
     */
    void mount(CreateContainerCmd cmd) {
        switch (asked.kind()) {
            case CONTAINER -> {
            }
            case VOLUME, BIND -> cmd.getHostConfig().withBinds(new Bind(source, new Volume(dataDir)));
            case TMPFS -> cmd.getHostConfig().withTmpFs(Map.of(dataDir, "size=" + tmpfsBytes
                    + (podman ? ",U" : ",mode=1777")));
        }
    }

    /**
     * What the run asked for, before anything is seen from inside the container; bind's folder with
     * it, so that a rerun can make its own folder in the same place.
     */
    Storage asked() {
        return new Storage(asked.kind().label(), dataDir, asked.kind() == DbStorage.Kind.TMPFS ? tmpfsBytes : null,
                null, null, null, null, null, null, note(), null, null,
                asked.kind() == DbStorage.Kind.BIND ? asked.bindFolder().toString() : null);
    }

    String dataDir() {
        return dataDir;
    }

    /** What the flush latency measures on this kind of storage. */
    String note() {
        return switch (asked.kind()) {
            case CONTAINER -> "the container's own storage (its writable layer, or the volume its image declares for"
                    + " the data directory), on the node's disk";
            case VOLUME -> "a named volume: a folder of the container engine's, on the node's disk";
            case TMPFS -> "memory: a flush has no disk to wait for";
            case BIND -> "a folder under " + asked.bindFolder() + ", on its filesystem";
            case EPHEMERAL, MEMORY, PVC -> throw new IllegalStateException(asked.kind().label() + " is a kubernetes kind");
        };
    }
}
