package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.exception.DockerClientException;
import com.github.dockerjava.api.exception.NotFoundException;
import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Secret;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.output.OutputFrame;
import org.testcontainers.images.builder.Transferable;

/**
 * The runner in its own container: its progress (stderr) streams to the lab's stderr as it
 * comes, its summary (stdout) is left out because the lab prints the summary of the result it
 * keeps. After the runner exits, its result file is copied out.
 */
final class RunnerContainer {

    /** How the runner ended: its exit code and its result JSON (null when it wrote none). */
    record Exit(int code, String resultJson, boolean timedOut) {
    }

    private final GenericContainer<?> container;
    private final DockerClient docker;

    RunnerContainer(ContainerSession session, List<String> args, ContainerLimits limits, Secret password,
                    PrintWriter err) {
        this.docker = session.docker();
        this.container = session.add(new GenericContainer<>(EngineImages.runnerTag()), "runner", limits)
                .withCommand(args.toArray(String[]::new))
                .withCopyToContainer(Transferable.of(password.reveal().getBytes(StandardCharsets.UTF_8), 0444),
                        EngineImages.PASSWORD_FILE)
                .withLogConsumer(frame -> {
                    if (frame.getType() == OutputFrame.OutputType.STDERR) {
                        err.println(frame.getUtf8StringWithoutLineEnding());
                        err.flush();
                    }
                })
                .waitingFor(Waits.NONE)
                .withStartupCheckStrategy(Waits.startedOrExited());
    }

    /** Runs to the end, or past the timeout stops it as interrupted: it still writes its result. */
    Exit run(Duration timeout) {
        container.start();
        boolean timedOut = false;
        Integer code;
        try {
            code = awaitExit(timeout);
        } catch (DockerClientException stillRunning) {
            timedOut = true;
            stop();
            code = awaitExit(Defaults.RUNNER_STOP_GRACE.plusSeconds(10));
        }
        return new Exit(code == null ? -1 : code, resultJson(), timedOut);
    }

    /** SIGTERM, as Ctrl-C would be: the runner stops its clients and writes its result as interrupted. */
    void stop() {
        String id = container.getContainerId();
        if (id == null) {
            return;
        }
        try {
            docker.stopContainerCmd(id).withTimeout((int) Defaults.RUNNER_STOP_GRACE.toSeconds()).exec();
        } catch (RuntimeException alreadyStopped) {
            // Exited on its own meanwhile.
        }
    }

    String containerId() {
        return container.getContainerId();
    }

    private Integer awaitExit(Duration timeout) {
        return docker.waitContainerCmd(container.getContainerId()).exec(new WaitContainerResultCallback())
                .awaitStatusCode(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    private String resultJson() {
        try {
            return container.copyFileFromContainer(RunnerArgs.RESULT_FILE,
                    in -> new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (NotFoundException noResult) {
            return null;
        }
    }
}
