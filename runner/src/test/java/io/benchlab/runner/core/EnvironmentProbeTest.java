package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the runner records of its node for the fingerprint. */
class EnvironmentProbeTest {

    @Test
    void theContainerIsToldByTheMarksEachRuntimeLeaves(@TempDir Path root) throws IOException {
        assertThat(EnvironmentProbe.container(root, null)).isEqualTo("none");
        Files.createFile(root.resolve(".dockerenv"));
        assertThat(EnvironmentProbe.container(root, "")).isEqualTo("docker");
        Files.createDirectories(root.resolve("run"));
        Files.createFile(root.resolve("run/.containerenv"));
        assertThat(EnvironmentProbe.container(root, null)).isEqualTo("podman");
        assertThat(EnvironmentProbe.container(root, "10.96.0.1")).isEqualTo("kubernetes");
    }

    @Test
    void thisMachinesKernelAndBootIdAreRecorded() throws IOException {
        Environment e = EnvironmentProbe.capture();
        assertThat(e.kernel()).isEqualTo(System.getProperty("os.version"));
        Path bootId = Path.of("/proc/sys/kernel/random/boot_id");
        if (Files.isReadable(bootId)) {
            assertThat(e.bootId()).isEqualTo(Files.readString(bootId).strip()).matches("[0-9a-f-]{36}");
        } else {
            assertThat(e.bootId()).isNull();
        }
        assertThat(e.container()).isIn("none", "docker", "podman", "kubernetes");
    }
}
