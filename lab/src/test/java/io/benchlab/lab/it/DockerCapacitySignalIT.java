package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.RunnerProcess;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM in the second step of a capacity search on the docker backend, whose steps all run in
 * one runner container: that container's runner stops the step, which keeps its result as
 * interrupted; no step follows, and the search's containers, network and volume are gone.
 */
class DockerCapacitySignalIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @Test
    void aSigtermInTheSecondStepStopsTheStepsRunnerAndLeavesNothing(@TempDir Path dir) throws Exception {
        Path capacityFile = dir.resolve("results").resolve("capacity.json");
        // One client at 50, then 100 (or 25) tps, judged generously: as CapacitySignalIT, the search
        // goes on to a second step, which is cut in its first round; a third may not come. The signal
        // waits for a progress line at the second step's own rate: one CI run, waiting for any "round 1"
        // line, stopped a step with no check, as a stop lands before its clients start (the relay had
        // passed a line of the first step's late, most likely). Rounds of 3 s leave a late signal room.
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), "capacity", "--engine", "postgres",
                "--backend", "docker", "--clients", "1", "--slo", "p99<=1s", "--start-rate", "50", "--max-steps", "3",
                "--duration", "3s", "--warmup", "0s", "-o", capacityFile.toString())) {
            CapacitySignalIT.awaitSecondStepMeasuring(lab, 180);
            lab.signalAndWait("TERM", 60);
            assertThat(lab.exitCode()).as("exit code; stderr: %s", lab.err()).isEqualTo(143);
            assertThat(lab.err()).doesNotContain("capacity step 3");
        }
        CapacityResult c = CapacityJson.read(capacityFile);
        assertThat(c.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(c.steps()).hasSize(2);
        RunResult first = ResultJson.read(Path.of(c.steps().get(0).file()));
        RunResult cut = ResultJson.read(Path.of(c.steps().get(1).file()));
        assertThat(first.status()).as(first.cause()).isEqualTo(Status.OK);
        assertThat(cut.status()).as(cut.cause()).isEqualTo(Status.INTERRUPTED);
        assertThat(cut.placement().backend()).isEqualTo("docker");
        assertThat(cut.consistency()).as("the cut step's check; its cause: %s", cut.cause()).isNotNull();
        assertThat(cut.consistency().ok()).as(cut.consistency().message()).isTrue();
        assertThat(c.steps()).extracting(CapacityStep::pass).last().isEqualTo(false);
    }
}
