package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.model.BlkioRateDevice;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.JdbcReadiness;
import io.benchlab.lab.backend.JdbcReadiness.NotReady;
import io.benchlab.lab.images.EngineImage;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.results.Setup;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Profile;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The engine's container, started from its pinned image and ready when it answers a real JDBC
 * connection from the lab, never after a sleep. The runner then reaches it as {@code db} on
 * the run's network.
 */
final class DatabaseContainer {

    private final RunContainer container;
    private final EngineImage image;
    private final Profile profile;
    private final Secret password;
    private final ServerSettings settings;
    private Setup setup;

    /**
     * IMAGE_CMD: the image's own command, which given SETTINGS follow on the server's command line
     * (the image and its configuration file stay as pinned); null: the descriptor's (settings.cmd).
     * STORAGE is mounted over the data directory; WRITE_CAP (null: none) caps the writes a second to
     * its device.
     */
    DatabaseContainer(ContainerSession session, EngineImage image, String tag, Profile profile,
                      ContainerLimits limits, ServerSettings settings, List<String> imageCmd, DataStorage storage,
                      BlkioRateDevice writeCap) {
        this.image = image;
        this.profile = profile;
        this.password = session.password();
        this.settings = settings;
        this.container = session.create("db", tag, limits, cmd -> {
            cmd.withEnv(RunContainer.env(image.env()));
            if (!settings.isEmpty()) {
                cmd.withCmd(image.settings().command(imageCmd, settings));
            }
            RunContainer.publish(cmd, image.port(), DockerEnvironment.local());
            storage.mount(cmd);
            if (writeCap != null) {
                cmd.getHostConfig().withBlkioDeviceWriteIOps(List.of(writeCap));
            }
        });
    }

    /** Starts the container, waits until the database answers over JDBC and reads the given settings back. */
    void start(Duration timeout) throws InterruptedException {
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new NotReady("the database container did not start: " + Failures.rootMessage(e));
        }
        Target probe = new Target(image.engine(), profile, image.jdbcUrl(DockerEnvironment.publishedHost(),
                container.publishedPort(image.port())), image.user(), password, false);
        JdbcReadiness.await(probe, timeout, () -> running() ? Optional.empty()
                : Optional.of("the database container exited (code " + container.inspect().getState().getExitCodeLong()
                        + ") before it was ready: " + Failures.causeLine(container.logs())));
        setup = JdbcReadiness.readBack(probe, settings);
    }

    /** The given settings and the server's values, once started (null: none given). */
    Setup setup() {
        return setup;
    }

    /** The JDBC URL the runner uses: the database by its name on the run's network. */
    String internalUrl() {
        return image.jdbcUrl("db", image.port());
    }

    String containerId() {
        return container.id();
    }

    private boolean running() {
        try {
            return container.running();
        } catch (RuntimeException removed) {
            throw new NotReady("the database container went away before it was ready: " + Failures.rootMessage(removed));
        }
    }
}
