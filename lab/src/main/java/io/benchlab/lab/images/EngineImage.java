package io.benchlab.lab.images;

import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.util.Locale;
import java.util.Map;

/**
 * How a server engine runs from its pinned image ({@code images/<folder>/}): the tag per
 * profile, the port, the database user and name, and the environment through which the image
 * takes them. The password always arrives as a file at {@link EngineImages#PASSWORD_FILE}, so it
 * never shows in the container's inspect data. Shared by the container and Kubernetes backends.
 */
public record EngineImage(
        Engine engine,
        String folder,
        String version,
        int port,
        String user,
        String database,
        Map<String, String> env,
        String urlPattern) {

    public EngineImage {
        env = Map.copyOf(env);
    }

    /** {@code benchlab/postgres:17.6-durable}: engine version and profile, so the digest names both. */
    public String tag(Profile profile) {
        return "benchlab/" + folder + ":" + version + "-" + profile.name();
    }

    /** The JDBC URL of the database inside this image, reached at host:port. */
    public String jdbcUrl(String host, int hostPort) {
        return String.format(Locale.ROOT, urlPattern, host, hostPort, database);
    }
}
