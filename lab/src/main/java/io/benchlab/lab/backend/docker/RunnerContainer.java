package io.benchlab.lab.backend.docker;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.Defaults;
import io.benchlab.lab.backend.Progress;
import java.time.Duration;
import java.util.List;

/**
 * The runner in its own container: its progress (stderr) streams to the lab's stderr as it
 * comes, its summary (stdout) is left out because the lab prints the summary of the result it
 * keeps. After the runner exits, its result file is copied out.
 */
final class RunnerContainer {

    /** How the runner ended: its exit code and its result JSON (null when it wrote none). */
    record Exit(int code, String resultJson) {
    }

    private final RunContainer container;
    private final Progress progress;

    /** {@code extraHosts}: /etc/hosts entries ({@code name:address}) the runner needs beyond the run's network. */
    RunnerContainer(ContainerSession session, List<String> args, ContainerLimits limits, String[] extraHosts,
                    Progress progress) {
        this.progress = progress;
        this.container = session.create("runner", EngineImages.runnerTag(), limits, cmd -> {
            cmd.withCmd(args.toArray(String[]::new));
            if (extraHosts.length > 0) {
                cmd.getHostConfig().withExtraHosts(extraHosts);
            }
        });
    }

    /** Puts a secret only the runner needs (the InfluxDB token) into its container as a file, before it starts. */
    void addSecretFile(String path, String content) {
        container.copyIn(path, content, 0444);
    }

    /** Runs to the end (a stop makes it end early, as interrupted: it still writes its result). */
    Exit run() {
        container.start();
        container.followStderr(progress::relay);
        Integer code = null;
        while (code == null) {
            code = container.awaitExit(Duration.ofMinutes(1));
        }
        return new Exit(code, container.copyOut(RunnerArgs.RESULT_FILE));
    }

    /** SIGTERM, as Ctrl-C would be: the runner stops its clients and writes its result as interrupted. */
    void stop() {
        container.stop(Defaults.RUNNER_STOP_GRACE);
    }

    String containerId() {
        return container.id();
    }
}
