package io.benchlab.lab.images;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How a server engine runs from its pinned image ({@code images/<engine>/}, whose
 * {@code engine.properties} holds every fact here): the versions it pins, each built FROM its base
 * (the first the default), the tag per version and profile, the port, the database
 * user and name, the environment through which the image takes them, the containers' limits,
 * the client JVM's options, the data directory and which profiles flush at every commit. The
 * password always arrives as a file at {@link EngineImages#PASSWORD_FILE}, so it never shows in the
 * container's inspect data. Shared by the container and Kubernetes backends.
 */
public record EngineImage(
        Engine engine,
        String folder,
        List<String> versions,
        Map<String, String> bases,
        int port,
        String user,
        String database,
        Map<String, String> env,
        String urlPattern,
        Map<String, ContainerLimits> dbLimitsByProfile,
        ContainerLimits runnerLimits,
        List<String> clientJvmOptions,
        String dataDir,
        java.util.Set<String> flushingProfiles,
        CommandLineSettings settings) {

    public EngineImage {
        versions = List.copyOf(versions);
        bases = Map.copyOf(bases);
        env = Map.copyOf(env);
        dbLimitsByProfile = Map.copyOf(dbLimitsByProfile);
        clientJvmOptions = List.copyOf(clientJvmOptions);
        flushingProfiles = java.util.Set.copyOf(flushingProfiles);
    }

    /** Whether the profile flushes to disk at every commit (descriptor: flushes.<profile>=true). */
    public boolean flushesEveryCommit(Profile profile) {
        return flushingProfiles.contains(profile.name());
    }

    /** The version a run gets when it names none: the descriptor's first. */
    public String defaultVersion() {
        return versions.get(0);
    }

    /** The version asked for, if pinned (null: the default); another is bad input naming the pinned ones. */
    public String version(String requested) {
        if (requested == null) {
            return defaultVersion();
        }
        if (!versions.contains(requested)) {
            throw new BadInputException("--engine-version " + requested + ": " + engine.name() + "'s images pin "
                    + String.join(", ", versions) + " (images/" + folder + "/engine.properties)");
        }
        return requested;
    }

    /** {@code benchlab/<engine>:<version>-<profile>} of the default version: engine version and profile, so the digest names both. */
    public String tag(Profile profile) {
        return tag(profile, null, null);
    }

    /** The default version's tag under a registry ({@code host:port/benchlab/...}), as {@code make images REGISTRY=...} pushes it; null: none. */
    public String tag(Profile profile, String registry) {
        return tag(profile, null, registry);
    }

    /** The tag of a pinned version (null: the default) and profile, under a registry (null: none). */
    public String tag(Profile profile, String version, String registry) {
        return EngineImages.prefix(registry) + "benchlab/" + folder + ":" + version(version) + "-" + profile.name();
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
