package io.benchlab.runner.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.run.Benchmark;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** The runner's packages use each other one way only, and the finder of cycles finds one where there is one. */
class RunnerPackagesTest {

    @Test
    void noPackageOfTheRunnerReachesItself() {
        Map<String, Set<String>> graph = PackageCycles.graph(PackageCycles.classesOf(Benchmark.class),
                "io.benchlab.runner");
        assertThat(graph).containsKeys("io.benchlab.runner.run", "io.benchlab.runner.driver",
                "io.benchlab.runner.workload.tpcb");
        assertThat(PackageCycles.cycles(graph)).as("package cycles").isEmpty();
    }

    @Test
    void aCycleIsFoundAndNamedAllRound() {
        Map<String, Set<String>> graph = new TreeMap<>(Map.of("a", Set.of("b"), "b", Set.of("c"), "c", Set.of("a"),
                "d", Set.of("a")));
        assertThat(PackageCycles.cycles(graph)).containsExactly(List.of("a", "b", "c", "a"));
    }
}
