package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.capacity.CapacityDefaults;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** lab capacity's own options: bad input is one line and exit 2 before anything is provisioned or written. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class CapacityCliTest {

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("--slo", "p99<10"), "--slo 'p99<10' is not an objective"),
                Arguments.of(List.of("--slo", "p42<=10ms"), "--slo 'p42<=10ms' is not an objective"),
                Arguments.of(List.of("--slo", "tps>=100"), "--slo 'tps>=100' is not an objective"),
                Arguments.of(List.of(), "Missing required option: '--slo=OBJECTIVE'"),
                Arguments.of(List.of("--precision", "0"), "--precision 0.0: expected a fraction above 0 and below 1"),
                Arguments.of(List.of("--precision", "1"), "--precision 1.0: expected a fraction above 0 and below 1"),
                Arguments.of(List.of("--precision", "abc"), "--precision: 'abc' is not a ratio"),
                Arguments.of(List.of("--rounds", "3"), "--rounds 3: a capacity step needs at least 5 rounds"),
                Arguments.of(List.of("--rate", "100"), "lab capacity offers each step its own rate"),
                // Refused for what it is, not for disagreeing with the rounds the search gives each step.
                Arguments.of(List.of("--rate-steps", "1,2"), "lab capacity offers each step its own rate"),
                Arguments.of(List.of("--rate-ramp", "1..2", "--ramp-duration", "2s"),
                        "lab capacity offers each step its own rate"),
                Arguments.of(List.of("--start-rate", "-5"), "--start-rate must be a positive number"),
                Arguments.of(List.of("--max-steps", "0"), "--max-steps must be at least 1, got 0"));
    }

    @ParameterizedTest(name = "lab capacity {0}")
    @MethodSource("badInput")
    void badInputIsOneLineExitTwoAndNothingIsWritten(List<String> args, String expected, @TempDir Path dir)
            throws IOException {
        List<String> all = new ArrayList<>(List.of("capacity", "--engine", "hsqldb", "--clients", "1",
                "--duration", "1s", "--warmup", "0s"));
        if (!args.isEmpty() && !args.get(0).equals("--slo")) {
            all.addAll(List.of("--slo", "p99<=10ms"));
        }
        all.addAll(args);
        all.addAll(List.of("-o", dir.resolve("results").resolve("capacity.json").toString()));
        expectRefused(all, expected, dir);
    }

    @Test
    void anOutputThatIsADirectoryIsRefused(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectory(dir.resolve("results"));
        expectRefused(List.of("capacity", "--engine", "hsqldb", "--slo", "p99<=10ms", "-o", results.toString()),
                "output " + results + " is a directory; give a file name", dir);
        try (Stream<Path> files = Files.list(results)) {
            assertThat(files).as("nothing written in the directory").isEmpty();
        }
    }

    /** The help lists no option a search refuses, and a step's rounds and length at what a search runs. */
    @Test
    void helpShowsWhatASearchTakesWithItsOwnDefaults() {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "capacity", "--help");
        assertThat(o.exitCode()).as("%s", o).isZero();
        for (String refused : CapacityCommand.Steps.LOAD_PROFILE) {
            assertThat(o.out()).as("the help").doesNotContain(refused + "=", refused + " ");
        }
        String help = o.out().replaceAll("\\s+", " ");
        assertThat(help).containsPattern("--rounds=N [^-]*\\(default: " + CapacityDefaults.ROUNDS + "\\)")
                .containsPattern("--duration=TIME [^-]*\\(default: 5s unless -t is given\\)");
    }

    /** --dry-run is a kubernetes option every run command has: it prints the objects and runs nothing. */
    @Test
    void dryRunPrintsTheObjectsAndRunsNoStep(@TempDir Path dir) throws IOException {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "capacity", "--backend", "kubernetes", "--engine",
                "postgres", "--slo", "p99<=10ms", "--dry-run", "--kubeconfig", dir.resolve("no-such-kubeconfig").toString(),
                "-o", dir.resolve("results").resolve("capacity.json").toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).isEmpty();
        assertThat(o.out()).contains("kind: \"Job\"", "kind: \"Pod\"").doesNotContain("capacity result");
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).as("nothing written").isEmpty();
        }
    }

    private static void expectRefused(List<String> args, String expected, Path dir) throws IOException {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString()
                .contains(expected).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(o.allOut()).isEmpty();
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile)).as("nothing written").isEmpty();
        }
    }
}
