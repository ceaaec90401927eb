package io.benchlab.lab.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.it.kube.Clusters;
import io.benchlab.lab.it.kube.UsesClusters;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * make test runs the lab's ITs in two lanes side by side, the ones on .ci/kube's clusters apart
 * ({@link UsesClusters}): an IT that reaches a cluster without that tag would run beside another
 * on the same cluster. What an IT reaches is read from its class file (the names of the classes it
 * uses are in its constant pool), so a new IT cannot slip into the wrong lane.
 */
class ItLanesTest {

    /** What the cluster ITs reach a cluster through (TestCluster is package-private: by name). */
    private static final List<String> CLUSTER_ACCESS =
            List.of("io.benchlab.lab.backend.kubernetes.TestCluster", Clusters.class.getName());

    @Test
    void everyItThatReachesAClusterRunsInTheClustersLane() throws Exception {
        Path classes = Path.of(ItLanesTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> its;
        try (Stream<Path> files = Files.walk(classes)) {
            its = files.filter(f -> f.getFileName().toString().matches("[A-Za-z0-9]+IT\\.class")).map(classes::relativize)
                    .map(f -> f.toString().replace(".class", "").replace('/', '.')).sorted().toList();
        }
        for (String access : CLUSTER_ACCESS) {
            Class.forName(access); // renamed: this test must learn the new name
        }
        assertThat(its).as("ITs of the lab").contains("io.benchlab.lab.backend.kubernetes.TwoNodeClusterIT");
        for (String name : its) {
            Class<?> it = Class.forName(name);
            assertThat(it.isAnnotationPresent(UsesClusters.class)).as("%s tagged @UsesClusters", name)
                    .isEqualTo(reachesACluster(classes.resolve(name.replace('.', '/') + ".class")));
        }
    }

    private static boolean reachesACluster(Path classFile) throws IOException {
        String constants = new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1);
        return CLUSTER_ACCESS.stream().anyMatch(c -> constants.contains(c.replace('.', '/')));
    }
}
