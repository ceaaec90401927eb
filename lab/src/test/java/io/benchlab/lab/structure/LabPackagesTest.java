package io.benchlab.lab.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.structure.PackageCycles;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The lab's packages use each other one way only (compare and influx once went both ways). */
class LabPackagesTest {

    @Test
    void noPackageOfTheLabReachesItself() {
        Map<String, Set<String>> graph = PackageCycles.graph(PackageCycles.classesOf(LabMain.class), "io.benchlab.lab");
        assertThat(graph).containsKeys("io.benchlab.lab.cli", "io.benchlab.lab.compare", "io.benchlab.lab.history");
        assertThat(PackageCycles.cycles(graph)).as("package cycles").isEmpty();
    }
}
