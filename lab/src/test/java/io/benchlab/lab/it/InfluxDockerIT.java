package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Container;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.it.InfluxServers;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * `lab run --backend docker --influx-url` on PostgreSQL: the interval and event points come from
 * the runner container (it reaches a loopback InfluxDB through host.containers.internal, so
 * InfluxDB listens on all interfaces), the round and run points from the lab; all of them read
 * back by run id match the result JSON. The runner container's command line and environment,
 * inspected while it runs, never hold the token.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class InfluxDockerIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @Test
    void theRunnerContainerStreamsTheLiveSideAndTheLabTheSummary(@TempDir Path dir) throws Exception {
        InfluxServers.Endpoint influx = InfluxServers.shared();
        DockerClient docker = DockerApi.require();
        Path out = dir.resolve("result.json");
        // A runner container another run left up is not this run's.
        Set<String> others = new HashSet<>();
        runnerContainers(docker).forEach(c -> others.add(c.getId()));
        CompletableFuture<CliCapture.Outcome> run = CompletableFuture.supplyAsync(() -> CliCapture.run(
                LabMain::commandLine, "run", "--engine", "postgres", "--clients", "2", "--duration", "4s",
                "--warmup", "1s", "--interval", "500ms", "--scale", "1", "--influx-url", influx.url(),
                "--influx-token-file", influx.tokenFile().toString(), "--influx-spill-dir", dir.resolve("spill").toString(),
                "--output", out.toString()));
        List<InspectContainerResponse> runners = new ArrayList<>();
        while (!run.isDone() && runners.isEmpty()) {
            for (Container c : runnerContainers(docker)) {
                if (!others.contains(c.getId())) {
                    runners.add(docker.inspectContainerCmd(c.getId()).exec());
                }
            }
            Thread.sleep(200);
        }
        CliCapture.Outcome o = run.get(10, TimeUnit.MINUTES);
        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult r = ResultJson.read(Files.readString(out));
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.placement().backend()).isEqualTo("docker");
        assertThat(r.warnings()).noneMatch(w -> w.code().startsWith("influx"));
        InfluxReadBack.assertSameRun(influx, r);

        String token = influx.token();
        assertThat(runners).as("the runner container was seen while it ran").isNotEmpty();
        InspectContainerResponse runner = runners.get(0);
        String command = String.join(" ", runner.getConfig().getCmd());
        assertThat(command).contains("--influx-token-file /run/secrets/influx-token", "--influx-live-only")
                .doesNotContain(token);
        assertThat(runner.getConfig().getEnv()).noneMatch(e -> e.contains(token));
        assertThat(Files.readString(out) + o.allOut() + o.allErr()).doesNotContain(token);
    }

    /**
     * An InfluxDB on the host that answers on loopback alone (a socket bound to 127.0.0.1, which
     * is all the check looks at) would lose every live point while the run passed: refused before
     * anything is made, in one line, exit 2.
     */
    @Test
    void anInfluxDbOnLoopbackAloneIsRefusedBeforeTheRun(@TempDir Path dir) throws Exception {
        DockerApi.require();
        Path token = Files.writeString(dir.resolve("token"), "not-used");
        try (ServerSocket loopbackOnly = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            String url = "http://127.0.0.1:" + loopbackOnly.getLocalPort();
            CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "postgres", "--backend",
                    "docker", "--influx-url", url, "--influx-token-file", token.toString(), "--output",
                    dir.resolve("result.json").toString());
            assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
            assertThat(o.allErr().lines()).singleElement().asString().startsWith("lab: InfluxDB at " + url
                    + " answers on this machine's loopback only, where the runner's container cannot reach it");
        }
        assertThat(dir.resolve("result.json")).doesNotExist();
    }

    private static List<Container> runnerContainers(DockerClient docker) {
        return docker.listContainersCmd().withLabelFilter(Map.of("io.benchlab.role", "runner")).exec();
    }
}
