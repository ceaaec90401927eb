package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A server engine where no Docker API answers: one line with the ways out, exit 2, nothing else. */
class NoDockerTest {

    @Test
    void withoutDockerTheLabSaysSoInOneLineAndPointsToTheOtherBackends() throws Exception {
        Assumptions.assumeFalse(Files.exists(Path.of("/var/run/docker.sock")),
                "a Docker socket at /var/run/docker.sock would answer");
        ProcessBuilder pb = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName(), "run", "--engine", "postgres"));
        pb.environment().put("DOCKER_HOST", "unix:///nonexistent/benchlab-test.sock");
        pb.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        Process lab = pb.start();
        assertThat(lab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String out = new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(lab.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lab.exitValue()).as("%s%s", out, err).isEqualTo(2);
        assertThat(out).isEmpty();
        assertThat(err.lines()).singleElement().asString()
                .startsWith("lab: no Docker reachable at DOCKER_HOST=unix:///nonexistent/benchlab-test.sock")
                .contains("make run", "BACKEND=external");
    }
}
