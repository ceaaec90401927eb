package io.benchlab.lab.structure;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.structure.PackageCycles;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The lab's packages use each other one way only (compare and influx once went both ways), and the runner through its public face. */
class LabPackagesTest {

    @Test
    void noPackageOfTheLabReachesItself() {
        Map<String, Set<String>> graph = PackageCycles.graph(PackageCycles.classesOf(LabMain.class), "io.benchlab.lab");
        assertThat(graph).containsKeys("io.benchlab.lab.cli", "io.benchlab.lab.compare", "io.benchlab.lab.history");
        assertThat(PackageCycles.cycles(graph)).as("package cycles").isEmpty();
        // The engines' images are what the backends run: what they are knows nothing of where they run.
        assertThat(graph.get("io.benchlab.lab.images")).as("what images uses").noneMatch(p -> p.startsWith(
                "io.benchlab.lab.backend"));
    }

    /**
     * The runner's cli package is picocli's side of the runner: the lab takes from it option mixins,
     * converters, the version provider and the command wiring, and the run itself from the runner's
     * public face ({@code io.benchlab.runner.run}).
     */
    @Test
    void theLabTakesOnlyPicocliPiecesFromTheRunnersCli() throws ClassNotFoundException {
        Set<String> used = PackageCycles.classesUsed(PackageCycles.classesOf(LabMain.class), "io.benchlab.lab",
                "io.benchlab.runner.cli");
        assertThat(used).contains("io.benchlab.runner.cli.Cli", "io.benchlab.runner.cli.WorkloadOptions");
        for (String name : used) {
            assertThat(picocliPiece(Class.forName(name))).as("%s is an option mixin, a converter, the version"
                    + " provider or the command wiring", name).isTrue();
        }
    }

    static boolean picocliPiece(Class<?> type) {
        boolean mixin = Arrays.stream(type.getDeclaredFields()).anyMatch(f -> f.isAnnotationPresent(CommandLine.Option.class)
                || f.isAnnotationPresent(CommandLine.Mixin.class) || f.isAnnotationPresent(CommandLine.ArgGroup.class));
        boolean converter = Stream.concat(Stream.of(type), Arrays.stream(type.getDeclaredClasses()))
                .anyMatch(c -> CommandLine.ITypeConverter.class.isAssignableFrom(c));
        boolean wiring = Arrays.stream(type.getMethods()).anyMatch(m -> Modifier.isStatic(m.getModifiers())
                && List.of(m.getParameterTypes()).contains(CommandLine.class));
        return mixin || converter || wiring || CommandLine.IVersionProvider.class.isAssignableFrom(type);
    }
}
