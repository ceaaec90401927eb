package io.benchlab.lab.backend;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.setup.ServerSettings;

/**
 * How a backend that starts the database (in containers, in pods) sizes and sets up both sides:
 * the database's image ({@code null}: the engine's pinned image for the profile), the limits of
 * the database and of the runner (requests equal limits), which of the versions the engine's
 * descriptor pins its image is of ({@code null}: the descriptor's first), the server settings
 * given on top of the profile (on the server's command line, read back before the load),
 * where the database keeps its data (the docker backend's --db-storage) and the cap on the
 * database's writes a second to its storage's device (--db-write-iops; null: none).
 */
public record Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner, String engineVersion,
                           ServerSettings settings, DbStorage storage, Long dbWriteIops) {

    public Provisioning {
        settings = settings == null ? ServerSettings.NONE : settings;
        storage = storage == null ? DbStorage.CONTAINER : storage;
    }

    /** The engine's default version, no settings beyond the profile's, the container's own storage. */
    public Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner) {
        this(dbImage, db, runner, null);
    }

    /** No settings beyond the profile's, the container's own storage. */
    public Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner, String engineVersion) {
        this(dbImage, db, runner, engineVersion, ServerSettings.NONE, null, null);
    }

    public Provisioning withSettings(ServerSettings given) {
        return new Provisioning(dbImage, db, runner, engineVersion, given, storage, dbWriteIops);
    }

    public Provisioning withDbWriteIops(Long cap) {
        return new Provisioning(dbImage, db, runner, engineVersion, settings, storage, cap);
    }
}
