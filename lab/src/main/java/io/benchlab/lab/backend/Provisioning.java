package io.benchlab.lab.backend;

/**
 * How a backend that starts the database (in containers, in pods) sizes both sides: the
 * database's image ({@code null}: the engine's pinned image for the profile), the limits of
 * the database and of the runner (requests equal limits), and which of the versions the engine's
 * descriptor pins its image is of ({@code null}: the descriptor's first), and where the database
 * keeps its data (the docker backend's --db-storage).
 */
public record Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner, String engineVersion,
                           DbStorage storage) {

    public Provisioning {
        storage = storage == null ? DbStorage.CONTAINER : storage;
    }

    /** The container's own storage. */
    public Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner, String engineVersion) {
        this(dbImage, db, runner, engineVersion, null);
    }

    /** The engine's default version. */
    public Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner) {
        this(dbImage, db, runner, null);
    }
}
