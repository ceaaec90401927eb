package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.StreamType;
import io.benchlab.runner.run.ExitCodes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/**
 * One container of a run (or of the local stack, lab stack), made through the Docker API directly. Not Testcontainers'
 * GenericContainer: its shutdown hook removes the containers it made at once, while on Ctrl-C the
 * runner must still write its result and the database must outlive it.
 */
public final class RunContainer {

    private final DockerClient docker;
    private final String id;

    private RunContainer(DockerClient docker, String id) {
        this.docker = docker;
        this.id = id;
    }

    /** Creates (does not start) a container; {@code configure} sets image-specific parts. */
    public static RunContainer create(DockerClient docker, String image, Consumer<CreateContainerCmd> configure) {
        try (CreateContainerCmd cmd = docker.createContainerCmd(image)) {
            configure.accept(cmd);
            return new RunContainer(docker, cmd.exec().getId());
        }
    }

    /** Publishes a port on the Docker host: on loopback when the Docker API is local. */
    static void publish(CreateContainerCmd cmd, int port, boolean local) {
        ExposedPort exposed = ExposedPort.tcp(port);
        cmd.withExposedPorts(exposed);
        cmd.getHostConfig().withPortBindings(new PortBinding(
                local ? Ports.Binding.bindIp("127.0.0.1") : Ports.Binding.empty(), exposed));
    }

    /** A container that is already there, by id or name. */
    public static RunContainer of(DockerClient docker, String id) {
        return new RunContainer(docker, id);
    }

    public String id() {
        return id;
    }

    /** Puts one file into the container before it starts (a password, so it never shows in inspect data). */
    public void copyIn(String path, String content, int mode) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream tar = new ByteArrayOutputStream();
        try (TarArchiveOutputStream out = new TarArchiveOutputStream(tar)) {
            TarArchiveEntry entry = new TarArchiveEntry(path.substring(path.lastIndexOf('/') + 1));
            entry.setSize(bytes.length);
            entry.setMode(mode);
            out.putArchiveEntry(entry);
            out.write(bytes);
            out.closeArchiveEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        docker.copyArchiveToContainerCmd(id).withRemotePath(path.substring(0, path.lastIndexOf('/')))
                .withTarInputStream(new ByteArrayInputStream(tar.toByteArray())).exec();
    }

    public void start() {
        docker.startContainerCmd(id).exec();
    }

    InspectContainerResponse inspect() {
        return docker.inspectContainerCmd(id).exec();
    }

    boolean running() {
        return Boolean.TRUE.equals(inspect().getState().getRunning());
    }

    int publishedPort(int port) {
        Ports.Binding[] bindings = inspect().getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(port));
        return Integer.parseInt(bindings[0].getHostPortSpec());
    }

    /** Everything the container printed so far, both streams. */
    public String logs() {
        StringBuilder text = new StringBuilder();
        try {
            docker.logContainerCmd(id).withStdOut(true).withStdErr(true).exec(new ResultCallback.Adapter<Frame>() {
                @Override
                public void onNext(Frame frame) {
                    text.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                }
            }).awaitCompletion(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return text.toString();
    }

    /** Streams the container's stderr, line by line as it comes, until the container ends. */
    void followStderr(Consumer<String> line) {
        docker.logContainerCmd(id).withStdErr(true).withFollowStream(true).exec(new ResultCallback.Adapter<Frame>() {
            private final StringBuilder pending = new StringBuilder();

            @Override
            public void onNext(Frame frame) {
                if (frame.getStreamType() != StreamType.STDERR) {
                    return;
                }
                pending.append(new String(frame.getPayload(), StandardCharsets.UTF_8));
                for (int nl = pending.indexOf("\n"); nl >= 0; nl = pending.indexOf("\n")) {
                    line.accept(pending.substring(0, nl));
                    pending.delete(0, nl + 1);
                }
            }
        });
    }

    /**
     * The exit code, or null when the container still runs after {@code timeout}. Asked by
     * inspecting it every {@link #EXIT_POLL}, not with Docker's wait call: podman before 4.5 (Debian
     * 12 has 4.3) answers that call by polling the container's state every microsecond, and its
     * service took a whole core for as long as a runner ran, beside the clients and the database
     * on a 2-core machine (podman #18150).
     */
    Integer awaitExit(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            InspectContainerResponse.ContainerState state = inspect().getState();
            // Ended, not only not running: podman reports a container it is stopping as not running,
            // with exit code 0, while its process still writes its result.
            if (ENDED.contains(state.getStatus())) {
                Long code = state.getExitCodeLong();
                return code == null ? ExitCodes.RUN_FAILED : code.intValue();
            }
            if (System.nanoTime() - deadline > 0) {
                return null;
            }
            Thread.sleep(EXIT_POLL.toMillis());
        }
    }

    /** The states of a container whose process has ended, in Docker's words (podman's compatible API uses them too). */
    private static final Set<String> ENDED = Set.of("exited", "dead");

    /** How often {@link #awaitExit} looks: a quarter second at most on a run's end, and an inspect costs podman some 3 ms. */
    static final Duration EXIT_POLL = Duration.ofMillis(250);

    /** SIGTERM, then SIGKILL after {@code grace}; nothing if it already stopped. */
    void stop(Duration grace) {
        try {
            docker.stopContainerCmd(id).withTimeout((int) grace.toSeconds()).exec();
        } catch (RuntimeException alreadyStopped) {
            // Exited on its own meanwhile, or already removed.
        }
    }

    /** One file out of the container (running or exited), or null when it is not there. */
    String copyOut(String path) {
        try (InputStream tar = docker.copyArchiveFromContainerCmd(id, path).exec();
             TarArchiveInputStream in = new TarArchiveInputStream(tar)) {
            return in.getNextEntry() == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (NotFoundException missing) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Env as the API wants it. */
    static String[] env(Map<String, String> env) {
        return env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).sorted().toArray(String[]::new);
    }
}
