package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.docker.NoDockerLab;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.cli.CliCapture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
                StackImages.influxdb(), StackImages.grafana());
    }

    @Test
    void badInputIsOneLine() {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "stack", "up", "--nope");
        assertThat(o.exitCode()).isEqualTo(2);
        assertThat(o.allErr().lines()).singleElement().asString().startsWith("lab: ").contains("--nope");
    }


    @ParameterizedTest(name = "lab stack {0}")
    @ValueSource(strings = {"up", "down", "status"})
    void withoutDockerTheStackSaysSoInOneLine(String subcommand, @TempDir Path tmp) throws Exception {
        Path config = tmp.resolve("config");
        List<String> args = new ArrayList<>(List.of("stack", subcommand));
        if (!subcommand.equals("down")) {
            args.addAll(List.of("--config-dir", config.toString()));
        }
        NoDockerLab.Outcome o = NoDockerLab.run(args.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().lines()).singleElement().asString()
                .startsWith("lab: no Docker reachable at DOCKER_HOST=unix:///nonexistent/benchlab-test.sock: lab stack")
                .contains("make run INFLUX_URL=");
        assertThat(config).doesNotExist();
    }
}
