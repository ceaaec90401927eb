package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.CliCapture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** lab stack's command line: help, bad input, and no Docker API (one line, exit 2, no token file made). */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class StackCliTest {

    @Test
    void helpNamesTheSubcommandsThePinnedImagesAndThePorts() {
        CliCapture.Outcome stack = CliCapture.run(LabMain::commandLine, "stack", "--help");
        assertThat(stack.exitCode()).as("%s", stack).isZero();
        assertThat(stack.out()).contains("up", "down", "status", "make stack");
        assertThat(CliCapture.run(LabMain::commandLine, "--help").out()).contains("stack");
        String up = CliCapture.run(LabMain::commandLine, "stack", "up", "--help").out().replaceAll("\\s+", "");
        assertThat(up).contains("--pull", "--boards", "--config-dir", "127.0.0.1:8086", "127.0.0.1:3000",
                Defaults.STACK_INFLUXDB_IMAGE, Defaults.STACK_GRAFANA_IMAGE);
    }

    @Test
    void badInputIsOneLine() {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "stack", "up", "--nope");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.allErr().lines()).singleElement().asString().startsWith("lab: ").contains("--nope");
    }


    /** A process of its own: Testcontainers remembers the Docker it found. */
    @ParameterizedTest(name = "lab stack {0}")
    @ValueSource(strings = {"up", "down", "status"})
    void withoutDockerTheStackSaysSoInOneLine(String subcommand, @TempDir Path tmp) throws Exception {
        Assumptions.assumeFalse(Files.exists(Path.of("/var/run/docker.sock")),
                "a Docker socket at /var/run/docker.sock would answer");
        Path config = tmp.resolve("config");
        List<String> args = subcommand.equals("down") ? List.of() : List.of("--config-dir", config.toString());
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(), "stack", subcommand);
        pb.command().addAll(args);
        pb.environment().put("DOCKER_HOST", "unix:///nonexistent/benchlab-test.sock");
        pb.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        Process lab = pb.start();
        assertThat(lab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(lab.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lab.exitValue()).as("%s%s", out, err).isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.lines()).singleElement().asString()
                .startsWith("lab: no Docker reachable at DOCKER_HOST=unix:///nonexistent/benchlab-test.sock: lab stack")
                .contains("make run INFLUX_URL=");
        assertThat(config).doesNotExist();
    }
}
