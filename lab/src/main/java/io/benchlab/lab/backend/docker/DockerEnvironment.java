package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Version;
import io.benchlab.runner.core.BadInputException;
import java.util.Locale;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.TestcontainersConfiguration;

/** The Docker API the lab talks to (Docker itself, or podman's Docker-compatible service). */
public final class DockerEnvironment {

    private DockerEnvironment() {
    }

    /** The client, or one line that says Docker is not there and what to do instead. */
    static DockerClient connect() {
        return connect("server engines run in containers; without Docker, run the embedded default (make run)"
                + " or your own server (make run BACKEND=external JDBC_URL=... or lab run --backend external"
                + " --jdbc-url ...)");
    }

    /** The client, or one line: no Docker reachable (where), then {@code instead}. */
    public static DockerClient connect(String instead) {
        // Testcontainers' start-up checks run a container of an image that may not be pullable; it
        // reads the switch only from the environment or the user's file, so it is set in memory.
        TestcontainersConfiguration.getInstance().getUserProperties().setProperty("checks.disable", "true");
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            String host = System.getenv("DOCKER_HOST");
            throw new BadInputException("no Docker reachable" + (host == null ? "" : " at DOCKER_HOST=" + host)
                    + ": " + instead);
        }
        return DockerClientFactory.instance().client();
    }

    /** True when the Docker API is on this machine (a local socket), so published ports are on loopback. */
    public static boolean local() {
        String scheme = DockerClientFactory.instance().getTransportConfig().getDockerHost().getScheme();
        return "unix".equals(scheme) || "npipe".equals(scheme);
    }

    /**
     * Where the lab reaches a container's published ports: localhost for a local Docker API,
     * else the Docker host. TESTCONTAINERS_HOST_OVERRIDE wins, as in Testcontainers.
     */
    static String publishedHost() {
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        if (override != null) {
            return override;
        }
        return local() ? "localhost" : DockerClientFactory.instance().dockerHostIpAddress();
    }

    /** {@code podman 4.3.1 (Docker API 1.41)} or {@code docker 28.2.2 (Docker API 1.50)}. */
    static String describe(DockerClient docker) {
        Version v = docker.versionCmd().exec();
        String engine = "docker " + v.getVersion();
        if (v.getComponents() != null) {
            engine = v.getComponents().stream()
                    .filter(c -> c.getName() != null && c.getName().toLowerCase(Locale.ROOT).contains("podman"))
                    .map(c -> "podman " + c.getVersion()).findFirst().orElse(engine);
        }
        return engine + " (Docker API " + v.getApiVersion() + ")";
    }

    /** Fails with one line when an image is not there; the lab never pulls engine images. */
    public static void requireImage(DockerClient docker, String tag, String whatToDo) {
        if (!imageThere(docker, tag)) {
            throw new BadInputException("image " + tag + " is not there: " + whatToDo);
        }
    }

    public static boolean imageThere(DockerClient docker, String tag) {
        try {
            docker.inspectImageCmd(tag).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }
}
