package io.benchlab.lab.backend;

import io.benchlab.lab.setup.ServerSettings;

/**
 * How a backend that starts the database (in containers, in pods) sizes and sets up both sides:
 * the database's image ({@code null}: the engine's pinned image for the profile), the limits of
 * the database and of the runner (requests equal limits), and the server settings given on top
 * of the profile (on the server's command line, read back before the load).
 */
public record Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner, ServerSettings settings) {

    public Provisioning {
        settings = settings == null ? ServerSettings.NONE : settings;
    }

    /** With no settings beyond the profile's. */
    public Provisioning(String dbImage, ContainerLimits db, ContainerLimits runner) {
        this(dbImage, db, runner, ServerSettings.NONE);
    }

    public Provisioning withSettings(ServerSettings given) {
        return new Provisioning(dbImage, db, runner, given);
    }
}
