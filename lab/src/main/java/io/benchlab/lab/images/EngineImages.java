package io.benchlab.lab.images;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * The images the lab runs server engines from, one per server engine that has a descriptor,
 * {@code images/<engine>/engine.properties}: the build copies them into the lab's jar (lab/pom.xml),
 * and {@code make images} tags from the same files, so the lab runs exactly what was built.
 */
public final class EngineImages {

    /** Where every container of a run finds the database password. */
    public static final String PASSWORD_FILE = "/run/secrets/db-password";

    /** Where the runner container (only it) finds the InfluxDB token, when the run streams to InfluxDB. */
    public static final String INFLUX_TOKEN_FILE = "/run/secrets/influx-token";

    /** Where the lab's jar holds {@code images/<engine>/engine.properties}. */
    static final String RESOURCES = "benchlab/images/";

    private static final List<EngineImage> ALL = Engines.all().stream().filter(e -> !e.embedded())
            .map(EngineImages::load).flatMap(Optional::stream).toList();

    private EngineImages() {
    }

    /** The image of a server engine; in-process engines have none, nor a server engine without a descriptor. */
    public static EngineImage of(Engine engine) {
        return ALL.stream().filter(i -> i.engine().name().equals(engine.name())).findFirst()
                .orElseThrow(() -> new BadInputException(engine.name() + (engine.embedded() ? " runs in-process"
                        : " has no images/" + engine.name() + "/" + EngineDescriptor.FILE + " in this build")
                        + " and has no image; container backends run " + names()));
    }

    public static List<EngineImage> all() {
        return ALL;
    }

    public static String names() {
        return ALL.stream().map(i -> i.engine().name()).collect(Collectors.joining(", "));
    }

    /** {@code benchlab/runner:<version>}: the runner's own image, of this build's version. */
    public static String runnerTag() {
        return runnerTag(null);
    }

    /** The runner's tag under a registry ({@code host:port/benchlab/runner:...}); null: none. */
    public static String runnerTag(String registry) {
        return prefix(registry) + "benchlab/runner:" + EnvironmentProbe.labVersion();
    }

    static String prefix(String registry) {
        return registry == null || registry.isBlank() ? "" : registry.strip().replaceAll("/+$", "") + "/";
    }

    /** The engine's descriptor from the class path, read and checked; empty when it has none. */
    static Optional<EngineImage> load(Engine engine) {
        String resource = RESOURCES + engine.name() + "/" + EngineDescriptor.FILE;
        try (InputStream in = EngineImages.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties p = new Properties();
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return Optional.of(EngineDescriptor.read(engine, p, "images/" + engine.name() + "/" + EngineDescriptor.FILE));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
