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
            List<String> reached = clustersReached(classes.resolve(name.replace('.', '/') + ".class"));
            assertThat(it.isAnnotationPresent(UsesClusters.class))
                    .as("%s tagged @UsesClusters, as it reaches a cluster through %s", name, reached)
                    .isEqualTo(!reached.isEmpty());
        }
    }

    /** What of CLUSTER_ACCESS the IT's class file names, or one of its nested classes' files. */
    private static List<String> clustersReached(Path classFile) throws IOException {
        String outer = classFile.getFileName().toString().replace(".class", "");
        StringBuilder constants = new StringBuilder();
        try (Stream<Path> files = Files.list(classFile.getParent())) {
            for (Path f : files.filter(f -> f.getFileName().toString().matches(outer + "(\\$.*)?\\.class")).toList()) {
                constants.append(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1));
            }
        }
        return CLUSTER_ACCESS.stream().filter(c -> constants.indexOf(c.replace('.', '/')) >= 0).toList();
    }
}
