package io.benchlab.lab.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.it.kube.Kubectl;
import io.benchlab.lab.nightly.Cell;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.runner.core.EnvironmentProbe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/running/nightly-cluster.md's step 5, run as written but for its last command, which
 * renders the overlay instead of applying it (NightlyStackIT applies it to a cluster): the lab's
 * image comes from the registry the reader set, with the pull secret, and the plan every cell
 * reads names that registry, that secret and the cluster's InfluxDB.
 */
class NightlyClusterPageTest {

    static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
    static final String REGISTRY = "registry.example:5000/bench";

    @Test
    void everyStepHasItsCommands() throws Exception {
        PageSteps page = PageSteps.read(REPO.resolve("docs/running/nightly-cluster.md"));
        for (int n = 1; n <= 8; n++) {
            assertThat(page.script(n)).as("step " + n).isNotBlank();
        }
    }

    @Test
    void theOverlayPullsTheLabFromTheRegistryWithTheSecretAndThePlanNamesBoth(@TempDir Path dir) throws Exception {
        Kubectl.require();
        Files.createSymbolicLink(dir.resolve("k8s"), REPO.resolve("k8s"));
        String rendered = PageSteps.read(REPO.resolve("docs/running/nightly-cluster.md"))
                .replace(5, "kubectl apply -k my-nightly", "kubectl kustomize my-nightly")
                .run(5, dir, Map.of("REGISTRY", REGISTRY), 60);
        assertThat(rendered).contains("image: " + REGISTRY + "/benchlab/lab:" + EnvironmentProbe.labVersion(),
                "imagePullSecrets:\n          - name: benchlab-pull", "  registry: " + REGISTRY + "\n",
                "  image-pull-secret: benchlab-pull\n", "  influx-url: http://influxdb:8086\n");
        NightlyPlan plan = NightlyPlan.read(dir.resolve("my-nightly/plan.yaml"));
        for (Cell cell : plan.cells()) {
            assertThat(cell.runArgs()).containsSubsequence("--registry", REGISTRY)
                    .containsSubsequence("--image-pull-secret", "benchlab-pull")
                    .containsSubsequence("--influx-url", "http://influxdb:8086");
        }
    }
}
