package io.benchlab.lab.backend.docker;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.run.ExitCodes;
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
    /** Guards start against stop: a stop that comes first keeps the container from starting at all. */
    private final Object starting = new Object();
    private boolean started;
    private boolean stopRequested;

    /**
     * {@code role}: the container's role on the run's network, which names it ({@code runner}, or
     * a series' {@code runner-steps}); {@code influx}: how it reaches InfluxDB (its /etc/hosts
     * entries and the network it joins beside the run's).
     */
    RunnerContainer(ContainerSession session, String role, List<String> args, ContainerLimits limits,
                    InfluxRoute influx, Progress progress) {
        this.progress = progress;
        this.container = session.create(role, EngineImages.runnerTag(), limits, cmd -> {
            cmd.withCmd(args.toArray(String[]::new));
            // An init as PID 1 passes a stop's SIGTERM on: PID 1 itself ignores it until the JVM
            // has its handlers, and a stop during the runner's start would be lost (the run went on).
            cmd.getHostConfig().withInit(true);
            if (influx.extraHosts().length > 0) {
                cmd.getHostConfig().withExtraHosts(influx.extraHosts());
            }
        });
        if (influx.network() != null) {
            session.join(container, influx.network());
        }
    }

    /** Puts a secret only the runner needs (the InfluxDB token) into its container as a file, before it starts. */
    void addSecretFile(String path, String content) {
        container.copyIn(path, content, 0444);
    }

    /** Runs to the end (a stop makes it end early, as interrupted: it still writes its result). */
    Exit run() throws InterruptedException {
        if (!start()) {
            return new Exit(ExitCodes.RUN_FAILED, null);
        }
        Integer code = null;
        while (code == null) {
            code = container.awaitExit(Duration.ofMinutes(1));
        }
        return new Exit(code, container.copyOut(RunnerArgs.RESULT_FILE));
    }

    /**
     * Starts the container, its stderr streamed to the lab's as it comes, unless it has started
     * already; false when a stop came first (the container then never starts).
     */
    boolean start() {
        synchronized (starting) {
            if (stopRequested) {
                return false;
            }
            if (!started) {
                container.start();
                started = true;
                container.followStderr(progress::relay);
            }
            return true;
        }
    }

    /** The container itself, for a runner that takes its work as files ({@link StepRunnerContainer}). */
    RunContainer container() {
        return container;
    }

    /** SIGTERM, as Ctrl-C would be: the runner stops its clients and writes its result as interrupted. */
    void stop() {
        synchronized (starting) {
            stopRequested = true;
            if (!started) {
                return; // a created container that never starts: stopping it now would be a no-op before its start
            }
        }
        container.stop(LabDefaults.RUNNER_STOP_GRACE);
    }

    String containerId() {
        return container.id();
    }
}
