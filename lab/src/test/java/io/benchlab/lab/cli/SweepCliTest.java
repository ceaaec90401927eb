package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

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

/** lab sweep's lists and options: bad input is one line and exit 2 before any point runs. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class SweepCliTest {

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("--clients", ""), "--clients: '' has an empty entry"),
                Arguments.of(List.of("--clients", "1,,2"), "--clients: '1,,2' has an empty entry"),
                Arguments.of(List.of("--clients", "1,2,"), "has an empty entry"),
                Arguments.of(List.of("--clients", "0"), "--clients: '0' is not a number of clients"),
                Arguments.of(List.of("--clients", "1,-2"), "'-2' is not a number of clients"),
                Arguments.of(List.of("--clients", "1,two"), "'two' is not a number of clients"),
                Arguments.of(List.of("--clients", "1,8,1"), "--clients: 1 is given twice in '1,8,1'"),
                Arguments.of(List.of("--clients", "5000"), "--clients 5000 is more than benchlab runs"),
                Arguments.of(List.of("--engine", ""), "--engine: '' has an empty entry"),
                Arguments.of(List.of("--engine", "h2,nope"), "--engine: unknown engine 'nope'; known engines: hsqldb"),
                Arguments.of(List.of("--engine", "h2,H2"), "--engine: h2 is given twice"),
                // The second engine's point cannot run embedded: refused before the first one runs.
                Arguments.of(List.of("--engine", "h2,postgres", "--backend", "embedded"),
                        "--backend embedded runs in-process engines; postgres runs with"),
                Arguments.of(List.of("--engine", "h2", "--profile", "nope"), "unknown profile 'nope' for h2"),
                Arguments.of(List.of("--db-cpus", "2"), "--db-cpus applies to containers"),
                // Set-up axes: a value given twice, a setting without values, an axis the backend refuses.
                Arguments.of(List.of("--profile", "durable,durable"), "--profile: durable is given twice in"),
                Arguments.of(List.of("--profile", "durable,"), "--profile: 'durable,' has an empty entry"),
                Arguments.of(List.of("--db-set", "shared_buffers"), "--db-set shared_buffers: give KEY=VALUE,VALUE"),
                Arguments.of(List.of("--db-set", "shared_buffers="), "--db-set shared_buffers: '' has an empty entry"),
                Arguments.of(List.of("--db-set", "a=1,2", "--db-set", "a=3"), "--db-set a is given twice"),
                Arguments.of(List.of("--db-set", "cache_size=1,2"), "--db-set applies to servers the lab starts"),
                Arguments.of(List.of("--engine", "postgres", "--jdbc-url", "jdbc:postgresql://localhost/x",
                        "--db-set", "shared_buffers=16MB,32MB"), "this run's backend is external"),
                Arguments.of(List.of("--engine-version", "2.3.232"), "--engine-version picks the image of a server"),
                Arguments.of(List.of("--db-storage", "container,tmpfs"), "--db-storage applies to containers"),
                // Every version is checked before any point runs: the second is not pinned.
                Arguments.of(List.of("--engine", "postgres", "--backend", "docker", "--engine-version", "17.6,9.9"),
                        "--engine-version 9.9: postgres's images pin"),
                Arguments.of(List.of("--duration", "0s"), "--duration must be positive"));
    }

    @ParameterizedTest(name = "lab sweep {0}")
    @MethodSource("badInput")
    void badInputIsOneLineExitTwoAndNothingRuns(List<String> args, String expected, @TempDir Path dir)
            throws IOException {
        List<String> all = new ArrayList<>(List.of("sweep"));
        all.addAll(args);
        if (!args.contains("--engine")) {
            all.addAll(List.of("--engine", "h2"));
        }
        if (!args.contains("--clients")) {
            all.addAll(List.of("--clients", "1,2"));
        }
        if (!args.contains("--duration")) {
            all.addAll(List.of("--duration", "1s"));
        }
        all.addAll(List.of("--warmup", "0s", "-o", dir.resolve("results").toString()));
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, all.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString()
                .startsWith("lab: ").contains(expected).doesNotContain("Exception");
        assertThat(o.allOut()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("nothing made").isEmpty();
        }
    }

    @Test
    void aResultsDirectoryThatIsAFileIsRefused(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("results"), "not a directory");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "sweep", "--engine", "h2", "--clients", "1",
                "--duration", "1s", "-o", file.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr()).startsWith("lab: --output " + file + " cannot hold the results: ").contains("not a directory");
        assertThat(Files.readString(file)).isEqualTo("not a directory");
    }

    @Test
    void helpNamesTheListsAndEveryRunOption() {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "sweep", "--help");
        assertThat(o.exitCode()).isZero();
        String help = o.out().replaceAll("\\s+", " ");
        assertThat(help).contains("--engine=NAME,...", "Engines to sweep, comma-separated", "-c, --clients=N,...",
                "(default: 1,2,4,8,16,32,64)", "-o, --output=DIR");
        // The run options are lab run's own, shared: every one of them is a sweep option too.
        CliCapture.Outcome run = CliCapture.run(LabMain::commandLine, "run", "--help");
        var sweepOptions = LabMain.commandLine().getSubcommands().get("sweep").getCommandSpec().optionsMap().keySet();
        var runOptions = LabMain.commandLine().getSubcommands().get("run").getCommandSpec().optionsMap().keySet();
        assertThat(sweepOptions).containsExactlyInAnyOrderElementsOf(runOptions);
        assertThat(run.exitCode()).isZero();
    }
}
