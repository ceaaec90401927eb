package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The lab in a process of its own whose DOCKER_HOST names no socket: a process of its own because
 * Testcontainers remembers the Docker it found in this one.
 */
public final class NoDockerLab {

    public static final String DOCKER_HOST = "unix:///nonexistent/benchlab-test.sock";

    /** What the process printed, and its exit code. */
    public record Outcome(int exitCode, String out, String err) {
    }

    private NoDockerLab() {
    }

    /** Skipped where Docker's default socket exists: the lab would find it whatever DOCKER_HOST says. */
    public static Outcome run(String... args) throws IOException, InterruptedException {
        Assumptions.assumeFalse(Files.exists(Path.of("/var/run/docker.sock")),
                "a Docker socket at /var/run/docker.sock would answer");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command);
        pb.environment().put("DOCKER_HOST", DOCKER_HOST);
        pb.environment().put("TESTCONTAINERS_RYUK_DISABLED", "true");
        Process lab = pb.start();
        assertThat(lab.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Outcome(lab.exitValue(), new String(lab.getInputStream().readAllBytes(), StandardCharsets.UTF_8),
                new String(lab.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
    }
}
