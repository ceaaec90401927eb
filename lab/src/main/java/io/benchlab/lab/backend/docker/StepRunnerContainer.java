package io.benchlab.lab.backend.docker;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Progress;
import io.benchlab.runner.run.ExitCodes;
import java.time.Duration;
import java.util.List;

/**
 * One runner container for every step of a series ({@code runner steps}): its JVM stays warm from
 * one step to the next, as the lab's own does for a series on an external database. Each step is
 * handed over as files in {@value #DIR} ({@code step-N.args}, then {@code step-N.go}); the step is
 * over when the runner has written {@code step-N.exit}, or when the container ended (a signal, a
 * crash), and its result is copied out as a lone runner's would be.
 */
final class StepRunnerContainer {

    static final String DIR = "/results";
    /** How often the lab looks for a step's end: small beside a step of a minute, light on the Docker API. */
    private static final Duration POLL = Duration.ofMillis(250);

    private final RunnerContainer runner;
    private int handedOver;

    /** A {@link RunnerContainer} of {@code runner steps}, for ENGINE's steps: made, not started. */
    StepRunnerContainer(ContainerSession session, String engine, ContainerLimits limits, InfluxRoute influx,
                        Progress progress) {
        this.runner = new RunnerContainer(session, "runner-steps", List.of("steps", "--dir", DIR, "--engine", engine),
                limits, influx, progress);
    }

    void addSecretFile(String path, String content) {
        runner.addSecretFile(path, content);
    }

    /** The result file of step N in the container: the step's --output. */
    static String resultFile(int n) {
        return DIR + "/step-" + n + ".json";
    }

    /**
     * Runs step N (the next one: steps come in order) with the runner's ARGS to its end; the
     * container starts with the first. A container that ended before (a stop) runs no step.
     */
    RunnerContainer.Exit step(int n, List<String> args) throws InterruptedException {
        if (!runner.start()) {
            return new RunnerContainer.Exit(ExitCodes.RUN_FAILED, null);
        }
        if (n != ++handedOver) {
            throw new IllegalStateException("step " + n + " handed over after step " + (handedOver - 1));
        }
        RunContainer container = runner.container();
        container.copyIn(DIR + "/step-" + n + ".args", String.join("\n", args) + "\n", 0444);
        container.copyIn(DIR + "/step-" + n + ".go", "", 0444);
        while (true) {
            String code = container.copyOut(DIR + "/step-" + n + ".exit");
            if (code != null) {
                return new RunnerContainer.Exit(Integer.parseInt(code.strip()), container.copyOut(resultFile(n)));
            }
            Integer ended = container.awaitExit(Duration.ZERO); // one look: its code if it ended, else null
            if (ended != null) {
                return new RunnerContainer.Exit(ended, container.copyOut(resultFile(n)));
            }
            Thread.sleep(POLL.toMillis());
        }
    }

    /** SIGTERM, as to a lone runner: the step that runs stops and writes its result as interrupted; no step follows. */
    void stop() {
        runner.stop();
    }

    String containerId() {
        return runner.containerId();
    }
}
