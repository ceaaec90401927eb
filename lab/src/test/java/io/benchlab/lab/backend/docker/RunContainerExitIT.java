package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.lab.it.DockerApi;
import io.benchlab.runner.it.ServerTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Waiting for a container's end on .ci/containers' podman: the exit code comes back, a wait that
 * times out says so, and the wait leaves podman's service idle. Docker's wait call made podman 4.3
 * poll every microsecond, a whole core for as long as a runner ran (podman #18150).
 */
class RunContainerExitIT {

    @Test
    void theExitCodeComesBackAndTheWaitCostsPodmanNoCore() throws Exception {
        DockerClient docker = DockerApi.require();
        Path servicePid = podmanServicePid();
        RunContainer container = RunContainer.create(docker, EngineImages.runnerTag(),
                cmd -> cmd.withEntrypoint("sh", "-c", "sleep 4; exit 7"));
        try {
            container.start();
            long cpu0 = serviceTicks(servicePid);
            long t0 = System.nanoTime();
            Integer early = container.awaitExit(Duration.ofSeconds(1));
            Integer code = container.awaitExit(Duration.ofSeconds(60));
            double wall = (System.nanoTime() - t0) / 1e9;
            double podmanSeconds = (serviceTicks(servicePid) - cpu0) / 100.0;
            System.out.printf("[wait] %.1f s waited, podman's service %.2f CPU s%n", wall, podmanSeconds);

            assertThat(early).as("still running after 1 s").isNull();
            assertThat(code).isEqualTo(7);
            // The old wait spun a core: at least half of one even beside make test's other lanes.
            assertThat(podmanSeconds).as("podman's CPU while waiting %.1f s", wall).isLessThan(0.25 * wall);
        } finally {
            docker.removeContainerCmd(container.id()).withForce(true).exec();
        }
    }

    @Test
    void aContainerBeingStoppedHasNotEndedUntilItsProcessHas() throws Exception {
        DockerClient docker = DockerApi.require();
        RunContainer container = RunContainer.create(docker, EngineImages.runnerTag(), cmd -> cmd.withEntrypoint(
                "sh", "-c", "trap 'sleep 2; exit 5' TERM; while true; do sleep 0.1; done"));
        try {
            container.start();
            Thread stopper = new Thread(() -> container.stop(Duration.ofSeconds(30)));
            stopper.start();
            Thread.sleep(500);
            // podman reports it as not running, exit code 0, for the 2 s its trap takes.
            assertThat(container.awaitExit(Duration.ofSeconds(60))).isEqualTo(5);
            stopper.join();
        } finally {
            docker.removeContainerCmd(container.id()).withForce(true).exec();
        }
    }

    /** .ci/containers' podman service, whose CPU this measures; the test needs it. */
    private static Path podmanServicePid() {
        return Path.of(ServerTargets.variable("BENCHLAB_CONTAINERS_DIR"), "service.pid");
    }

    /** The service's user and system CPU in clock ticks (100 a second on Linux). */
    private static long serviceTicks(Path pidFile) throws IOException {
        String pid = Files.readString(pidFile).strip();
        String stat = Files.readString(Path.of("/proc", pid, "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }
}
