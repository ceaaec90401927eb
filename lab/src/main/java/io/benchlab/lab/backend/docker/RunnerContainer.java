package io.benchlab.lab.backend.docker;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.lab.backend.RunnerArgs;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.Defaults;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

/**
 * The runner in its own container: its progress (stderr) streams to the lab's stderr as it
 * comes, its summary (stdout) is left out because the lab prints the summary of the result it
 * keeps. After the runner exits, its result file is copied out.
 */
final class RunnerContainer {

    /** How the runner ended: its exit code and its result JSON (null when it wrote none). */
    record Exit(int code, String resultJson, boolean timedOut) {
    }

    private final RunContainer container;
    private final PrintWriter err;

    RunnerContainer(ContainerSession session, List<String> args, ContainerLimits limits, PrintWriter err) {
        this.err = err;
        this.container = session.create("runner", EngineImages.runnerTag(), limits,
                cmd -> cmd.withCmd(args.toArray(String[]::new)));
    }

    /** Runs to the end, or past the timeout stops it as interrupted: it still writes its result. */
    Exit run(Duration timeout) {
        container.start();
        container.followStderr(line -> {
            err.println(line);
            err.flush();
        });
        Integer code = container.awaitExit(timeout);
        boolean timedOut = code == null;
        if (timedOut) {
            stop();
            code = container.awaitExit(Duration.ofSeconds(10));
        }
        return new Exit(code == null ? -1 : code, container.copyOut(RunnerArgs.RESULT_FILE), timedOut);
    }

    /** SIGTERM, as Ctrl-C would be: the runner stops its clients and writes its result as interrupted. */
    void stop() {
        container.stop(Defaults.RUNNER_STOP_GRACE);
    }

    String containerId() {
        return container.id();
    }
}
