package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import io.benchlab.lab.backend.docker.DockerEnvironment;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.stack.StackImages;
import io.benchlab.runner.cli.CliCapture;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab stack against a real Docker API (podman here) whose registry cannot be reached: a missing
 * image is refused in one line naming it, exit 2, and nothing is left behind (no container,
 * network or volume, no token file).
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class StackIT {

    private static final String LABEL = "io.benchlab.stack";

    private DockerClient docker;

    @BeforeEach
    void docker() {
        docker = DockerApi.require();
    }

    @Test
    void aMissingPinnedImageIsNamedInOneLine(@TempDir Path tmp) throws Exception {
        Assumptions.assumeFalse(imageThere(StackImages.influxdb()), "the pinned InfluxDB image is there");
        List<String> before = stackObjects();
        CliCapture.Outcome o = lab("stack", "up", "--config-dir", tmp.resolve("config").toString(),
                "--boards", boards(tmp).toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allOut()).isEmpty();
        assertThat(o.allErr().lines()).singleElement().asString()
                .isEqualTo("lab: image " + StackImages.influxdb() + " is not there: pull it (lab stack up --pull,"
                        + " or docker pull " + StackImages.influxdb() + ")");
        assertThat(tmp.resolve("config")).doesNotExist();
        assertThat(stackObjects()).isEqualTo(before);
    }

    /** --pull from a registry that does not answer (a closed port on loopback): the image named, the cause given. */
    @Test
    void anImageThatCannotBePulledIsNamedInOneLine(@TempDir Path tmp) throws Exception {
        String image = "127.0.0.1:9/benchlab-absent/influxdb:2.7.12";
        List<String> before = stackObjects();
        CliCapture.Outcome o = lab("stack", "up", "--pull", "--config-dir", tmp.resolve("config").toString(),
                "--boards", boards(tmp).toString(), "--influxdb-image", image,
                "--grafana-image", "127.0.0.1:9/benchlab-absent/grafana:1");
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines()).singleElement().asString()
                .startsWith("lab: image " + image + " is not there and could not be pulled: ")
                .containsPattern("could not be pulled: .*127\\.0\\.0\\.1:9");
        assertThat(tmp.resolve("config")).doesNotExist();
        assertThat(stackObjects()).isEqualTo(before);
    }

    /**
     * Images that are there but are no InfluxDB (the Debian base, whose shell exits at once): up
     * makes the network, the volumes and both containers, copies the secrets in, sees InfluxDB stop
     * (or its port taken) and removes all it made. The secrets it made stay, 0600, for the next up.
     */
    @Test
    void aStackThatDoesNotComeUpIsRemovedAgain(@TempDir Path tmp) throws Exception {
        String base = "docker.io/library/debian:bookworm-slim";
        Assumptions.assumeTrue(imageThere(base), base + " is not there (.ci/containers start makes it)");
        List<String> before = stackObjects();
        CliCapture.Outcome o = lab("stack", "up", "--config-dir", tmp.resolve("config").toString(),
                "--boards", boards(tmp).toString(), "--influxdb-image", base, "--grafana-image", base,
                "--influxdb-port", "" + freePort(), "--grafana-port", "" + freePort());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.allErr().lines()).singleElement().asString().startsWith("lab: ");
        assertThat(stackObjects()).isEqualTo(before);
        assertThat(Files.getPosixFilePermissions(tmp.resolve("config/influx-token")))
                .isEqualTo(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    }

    /** A port another process holds (the CI's own InfluxDB holds 8086): one line, nothing made. */
    @Test
    void aTakenPortIsRefusedBeforeAnythingIsMade(@TempDir Path tmp) throws Exception {
        String base = "docker.io/library/debian:bookworm-slim";
        Assumptions.assumeTrue(imageThere(base), base + " is not there (.ci/containers start makes it)");
        List<String> before = stackObjects();
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CliCapture.Outcome o = lab("stack", "up", "--config-dir", tmp.resolve("config").toString(),
                    "--boards", boards(tmp).toString(), "--influxdb-image", base, "--grafana-image", base,
                    "--influxdb-port", "" + taken.getLocalPort(), "--grafana-port", "" + freePort());
            assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
            assertThat(o.allErr().lines()).singleElement().asString().isEqualTo("lab: 127.0.0.1:" + taken.getLocalPort()
                    + " is taken by another process: stop it, or give lab stack up --influxdb-port PORT");
        }
        assertThat(stackObjects()).isEqualTo(before);
    }

    static int freePort() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void statusSaysWhatIsNotRunningAndDownHasNothingToRemove(@TempDir Path tmp) {
        Assumptions.assumeTrue(stackObjects().isEmpty(), "a stack is up on this Docker");
        CliCapture.Outcome status = lab("stack", "status", "--config-dir", tmp.resolve("config").toString());
        assertThat(status.exitCode()).as("%s", status).isEqualTo(3);
        assertThat(status.out().lines()).containsExactly("influxdb  absent", "grafana   absent",
                "token     " + tmp.resolve("config/influx-token"));
        CliCapture.Outcome down = lab("stack", "down");
        assertThat(down.exitCode()).as("%s", down).isZero();
        assertThat(down.out()).isEqualTo("nothing to remove\n");
    }

    private static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    private static Path boards(Path tmp) throws Exception {
        Files.createDirectories(tmp.resolve("boards/provisioning"));
        Files.createDirectories(tmp.resolve("boards/dashboards"));
        return tmp.resolve("boards");
    }

    private boolean imageThere(String image) {
        return DockerEnvironment.imageThere(docker, image);
    }

    private List<String> stackObjects() {
        return stackObjects(docker);
    }

    /** Every container, network and volume labelled as the stack's. */
    static List<String> stackObjects(DockerClient docker) {
        List<String> found = new ArrayList<>();
        docker.listContainersCmd().withShowAll(true).withLabelFilter(List.of(LABEL)).exec()
                .forEach(c -> found.add("container " + String.join(",", c.getNames())));
        docker.listNetworksCmd().withFilter("label", List.of(LABEL)).exec().forEach(n -> found.add("network " + n.getName()));
        var volumes = docker.listVolumesCmd().withFilter("label", List.of(LABEL)).exec().getVolumes();
        if (volumes != null) {
            volumes.forEach(v -> found.add("volume " + v.getName()));
        }
        return found;
    }
}
