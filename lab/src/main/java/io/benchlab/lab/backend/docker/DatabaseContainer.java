package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.command.InspectContainerResponse;
import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Profile;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.images.builder.Transferable;

/**
 * The engine's container, started from its pinned image and ready when it answers a real JDBC
 * connection from the lab, never after a sleep. The runner then reaches it by its address on
 * the run's network.
 */
final class DatabaseContainer {

    /** The database failed to come up: the run ends as failed, with this as its cause. */
    static final class NotReady extends RuntimeException {
        NotReady(String message) {
            super(message);
        }
    }

    private final GenericContainer<?> container;
    private final EngineImage image;
    private final Profile profile;
    private final Secret password;

    DatabaseContainer(ContainerSession session, EngineImage image, Profile profile, ContainerLimits limits,
                      Secret password) {
        this.image = image;
        this.profile = profile;
        this.password = password;
        this.container = session.add(new GenericContainer<>(image.tag(profile)), "db", limits)
                .withEnv(image.env())
                .withExposedPorts(image.port())
                .withCopyToContainer(Transferable.of(password.reveal().getBytes(StandardCharsets.UTF_8), 0444),
                        EngineImages.PASSWORD_FILE)
                .waitingFor(Waits.NONE)
                .withStartupCheckStrategy(Waits.startedOrExited());
    }

    /** Starts the container and waits until the database answers over JDBC. */
    void start(Duration timeout) throws InterruptedException {
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new NotReady("the database container did not start: " + Waits.rootMessage(e));
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        Target probe = new Target(image.engine(), profile, image.jdbcUrl(container.getHost(),
                container.getMappedPort(image.port())), image.user(), password, false);
        SQLException last = null;
        while (true) {
            InspectContainerResponse.ContainerState state = container.getCurrentContainerInfo().getState();
            if (!Boolean.TRUE.equals(state.getRunning())) {
                throw new NotReady("the database container exited (code " + state.getExitCodeLong()
                        + ") before it was ready: " + Waits.lastLine(container.getLogs()));
            }
            try (Connection c = probe.connect()) {
                if (c.isValid(5)) {
                    return;
                }
            } catch (SQLException e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                throw new NotReady("the database did not answer over JDBC within " + timeout.toSeconds() + " s"
                        + (last == null ? "" : ": " + last.getMessage()));
            }
            Thread.sleep(200);
        }
    }

    /** The JDBC URL the runner uses: the database's address on the run's network. */
    String internalUrl(String network) {
        String ip = container.getCurrentContainerInfo().getNetworkSettings().getNetworks().get(network).getIpAddress();
        return image.jdbcUrl(ip, image.port());
    }

    String containerId() {
        return container.getContainerId();
    }

    String tag() {
        return image.tag(profile);
    }
}
