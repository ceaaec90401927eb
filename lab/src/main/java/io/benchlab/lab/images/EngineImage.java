package io.benchlab.lab.images;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a server engine runs from its pinned image ({@code images/<engine>/}, whose
 * {@code engine.properties} holds every fact here): the tag per profile, the port, the database
 * user and name, the environment through which the image takes them, the containers' limits and
 * the client JVM's options. The password always arrives as a file at
 * {@link EngineImages#PASSWORD_FILE}, so it never shows in the container's inspect data. Shared by
 * the container and Kubernetes backends.
 */
public record EngineImage(
        Engine engine,
        String folder,
        String version,
        int port,
        String user,
        String database,
        Map<String, String> env,
        String urlPattern,
        Map<String, ContainerLimits> dbLimitsByProfile,
        ContainerLimits runnerLimits,
        List<String> clientJvmOptions,
        CommandLineSettings settings) {

    public EngineImage {
        env = Map.copyOf(env);
        dbLimitsByProfile = Map.copyOf(dbLimitsByProfile);
        clientJvmOptions = List.copyOf(clientJvmOptions);
    }

    /** {@code benchlab/<engine>:<version>-<profile>}: engine version and profile, so the digest names both. */
    public String tag(Profile profile) {
        return tag(profile, null);
    }

    /** The tag under a registry ({@code host:port/benchlab/...}), as {@code make images REGISTRY=...} pushes it; null: none. */
    public String tag(Profile profile, String registry) {
        return EngineImages.prefix(registry) + "benchlab/" + folder + ":" + version + "-" + profile.name();
    }

    /** The JDBC URL of the database inside this image, reached at host:port. */
    public String jdbcUrl(String host, int hostPort) {
        return String.format(Locale.ROOT, urlPattern, host, hostPort, database);
    }

    /** The database container's CPU and memory for this profile, unless the run says otherwise. */
    public ContainerLimits dbLimits(Profile profile) {
        ContainerLimits limits = dbLimitsByProfile.get(profile.name());
        if (limits == null) {
            throw new IllegalStateException("images/" + folder + "/engine.properties has no limits."
                    + profile.name() + ".cpus/.memory");
        }
        return limits;
    }
}
