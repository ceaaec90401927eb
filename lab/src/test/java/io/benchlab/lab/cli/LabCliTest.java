package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The lab command line: run on the embedded backend, the engine catalog, help and bad input. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class LabCliTest {

    static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    @Test
    void runOnTheEmbeddedBackendWritesAValidResult(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("lab.json");
        CliCapture.Outcome o = lab("run", "--engine", "h2", "--scale", "1", "--clients", "2", "--duration", "1s", "--warmup", "0s",
                "--output", out.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        String json = Files.readString(out);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult r = ResultJson.read(json);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.placement().backend()).isEqualTo("embedded");
        assertThat(r.engine().name()).isEqualTo("h2");
        assertThat(r.engine().profile()).isEqualTo("memory");
        assertThat(r.knobs().clients()).isEqualTo(2);
        assertThat(r.figures().committed()).isPositive();
        assertThat(o.allOut()).contains("status ok");
    }

    @Test
    void enginesListsEveryEngineAndItsProfiles() {
        CliCapture.Outcome o = lab("engines");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).isEmpty();
        List<String> lines = o.out().lines().toList();
        List<String> engineLines = lines.stream().filter(l -> !l.startsWith(" ")).toList();
        assertThat(engineLines).extracting(l -> l.split("\\s+")[0]).containsExactly("hsqldb", "h2", "derby", "postgres", "mysql", "mariadb", "hsqldb-server");
        assertThat(o.out()).contains("memory").contains("durable").contains("relaxed");
        for (Engine e : Engines.all()) {
            int at = lines.indexOf(lines.stream().filter(l -> l.startsWith(e.name() + " ")).findFirst().orElseThrow());
            List<String> profiles = lines.subList(at + 1, at + 1 + e.profiles().size());
            for (int i = 0; i < e.profiles().size(); i++) {
                Profile p = e.profiles().get(i);
                assertThat(profiles.get(i).strip()).startsWith(p.name() + " ").contains(p.description());
            }
            assertThat(profiles.get(0)).endsWith("(default)");
            assertThat(profiles.subList(1, profiles.size())).noneMatch(l -> l.endsWith("(default)"));
            // A server engine's pinned versions follow, the default first.
            String next = at + 1 + e.profiles().size() < lines.size() ? lines.get(at + 1 + e.profiles().size()).strip() : "";
            if (e.embedded()) {
                assertThat(next).doesNotStartWith("versions");
            } else {
                List<String> pinned = EngineImages.of(e).versions();
                assertThat(next).isEqualTo("versions   " + pinned.get(0) + " (default)"
                        + pinned.stream().skip(1).map(v -> ", " + v).collect(java.util.stream.Collectors.joining()));
            }
        }
        assertThat(o.out()).contains("versions   17.6 (default), 16.10");
    }

    static Stream<Arguments> helpCases() {
        return Stream.of(
                Arguments.of(List.of("--help"), List.of("Usage: lab", "run", "engines", "--version")),
                Arguments.of(List.of("run", "--help"), List.of("Usage: lab run", "--backend", "--engine", "--clients",
                        "--duration", "--output", "--profile", "--jdbc-url", "--rate", "--seed")),
                Arguments.of(List.of("engines", "--help"), List.of("Usage: lab engines")));
    }

    @ParameterizedTest(name = "lab {0}")
    @MethodSource("helpCases")
    void helpExitsZeroWithUsage(List<String> args, List<String> mentions) {
        CliCapture.Outcome o = lab(args.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).as("%s", o).isEmpty();
        mentions.forEach(m -> assertThat(o.out()).as("help mentions %s", m).contains(m));
    }

    /**
     * On the lab a server engine runs in containers unless --jdbc-url names a server (the runner's help
     * says servers need --jdbc-url); and on docker the profile picks the image's configuration.
     */
    @Test
    void runHelpSaysWhereServerEnginesRun() {
        String help = lab("run", "--help").out().replaceAll("\\s+", " ");
        assertThat(help).doesNotContain("(servers, with --jdbc-url)")
                .contains("postgres, mysql, mariadb, hsqldb-server (servers: in containers on the docker backend,"
                        + " in pods on the kubernetes backend, or your own at --jdbc-url)")
                .contains("On the docker and kubernetes backends the profile picks the image's configuration");
        String runner = CliCapture.runner("run", "--help").out().replaceAll("\\s+", " ");
        assertThat(runner).contains("(servers, with --jdbc-url)");
    }

    @Test
    void anUnknownCommandOrArgumentIsRefusedEvenWithHelp() {
        CliCapture.Outcome unknown = lab("nosuchcommand", "--help");
        unknown.assertBadInputLine("lab: no such command 'nosuchcommand'; the commands are run, sweep, capacity, nightly, compare,"
                + " rerun, report, history, stack, clean, engines, merge, help (see --help)");
        assertThat(unknown.allErr()).as("hidden commands are not offered").doesNotContain("result-frame");
        lab("nosuchcommand").assertBadInputLine("nosuchcommand");
        lab("compare", "--nosuch", "--help").assertBadInputLine("lab: unknown argument '--nosuch' (see --help)");
        CliCapture.Outcome help = lab("history", "--help");
        assertThat(help.exitCode()).isZero();
        assertThat(help.out()).contains("Usage: lab history");
    }

    @Test
    void versionIsOneBenchlabLine() {
        CliCapture.Outcome o = lab("--version");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out().lines().toList()).singleElement().asString().startsWith("benchlab ");
    }

    /** Subcommand help lists -V/--version, so it must print the version too. */
    @ParameterizedTest(name = "lab {0} --version")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"run", "engines"})
    void subcommandVersionPrintsTheVersion(String sub) {
        CliCapture.Outcome o = lab(sub, "--version");
        assertThat(o.exitCode()).isZero();
        assertThat(o.out()).as("%s", o).startsWith("benchlab ");
    }

    @Test
    void everyDescriptionIsAValidFormatString() {
        CliCapture.assertValidDescriptions(LabMain.commandLine());
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("run", "--backend", "nope"), List.of("unknown backend 'nope'")),
                Arguments.of(List.of("nope"), List.of("nope")),
                Arguments.of(List.of("run", "--engine", "nope"), List.of("unknown engine 'nope'")),
                Arguments.of(List.of("run", "--clients", "0"), List.of("--clients")),
                Arguments.of(List.of("run", "--duration", "abc"), List.of("'abc' is not a duration")),
                Arguments.of(List.of("run", "--engine", "h2", "--profile", "nope"), List.of("unknown profile 'nope'")),
                // Every container limit names its flag, whatever the backend.
                Arguments.of(List.of("run", "--db-cpus", "-1"), List.of("--db-cpus")),
                Arguments.of(List.of("run", "--runner-cpus", "0"), List.of("--runner-cpus")),
                Arguments.of(List.of("run", "--db-cpus", "0.001"), List.of("--db-cpus")),
                Arguments.of(List.of("run", "--db-memory", "10m"),
                        List.of("--db-memory must be at least 64m, got 10m")),
                Arguments.of(List.of("run", "--runner-memory", "10m"), List.of("--runner-memory must be at least 64m")),
                Arguments.of(List.of("run", "--timeout", "0s"), List.of("--timeout")),
                Arguments.of(List.of("run", "--db-image", ""), List.of("--db-image")),
                // --engine-version: one the descriptor pins, on a backend that starts the server, no --db-image.
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--engine-version", "9.1"),
                        List.of("--engine-version 9.1: postgres's images pin 17.6, 16.10")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--engine-version", "9.1"),
                        List.of("--engine-version 9.1: postgres's images pin 17.6, 16.10")),
                Arguments.of(List.of("run", "--engine", "postgres", "--engine-version", "16.10", "--db-image", "x:1"),
                        List.of("--engine-version", "--db-image", "give one of them")),
                Arguments.of(List.of("run", "--engine", "postgres", "--jdbc-url", "jdbc:postgresql://127.0.0.1:1/bench",
                        "--engine-version", "16.10"), List.of("--engine-version", "--backend external", "does not pick")),
                Arguments.of(List.of("run", "--engine", "h2", "--backend", "embedded", "--engine-version", "2"),
                        List.of("--engine-version", "--backend embedded", "does not pick")),
                // --db-storage: a kind of the docker backend's, checked before anything starts.
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage", "disk"),
                        List.of("--db-storage: 'disk' is not a storage kind (container, volume, tmpfs[:SIZE] or bind:PATH)")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage", "pvc"),
                        List.of("--db-storage pvc is a storage kind of --backend kubernetes")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage", "volume:x"),
                        List.of("--db-storage volume takes no argument")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage", "tmpfs:3g"),
                        List.of("--db-storage tmpfs:3g must be above 0 and at most the database container's memory"
                                + " limit (2048m; --db-memory)")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage", "tmpfs:lots"),
                        List.of("--db-storage tmpfs: 'lots' is not a memory size")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-storage",
                        "bind:/nonexistent/benchlab"), List.of("--db-storage bind:/nonexistent/benchlab: no such folder")),
                // --db-write-iops: a positive number, on a device, on the docker backend; checked before anything starts.
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-write-iops", "0"),
                        List.of("--db-write-iops: '0' is not a positive whole number of writes a second")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-write-iops", "fast"),
                        List.of("--db-write-iops: 'fast' is not a positive whole number of writes a second")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "docker", "--db-write-iops", "50",
                        "--db-storage", "tmpfs"), List.of("--db-write-iops caps the writes to a block device, and"
                        + " --db-storage tmpfs is memory, which has none")),
                Arguments.of(List.of("run", "--engine", "h2", "--backend", "embedded", "--db-write-iops", "50"),
                        List.of("--db-write-iops applies to containers (--backend docker); this run's backend is"
                                + " embedded")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-write-iops", "50"),
                        List.of("--db-write-iops applies to --backend docker; this run's backend is kubernetes")),
                Arguments.of(List.of("run", "--db-storage", "volume"),
                        List.of("--db-storage applies to containers (--backend docker); this run's backend is external")),
                Arguments.of(List.of("run", "--engine", "h2", "--backend", "embedded", "--db-storage", "tmpfs"),
                        List.of("--db-storage applies to containers (--backend docker); this run's backend is embedded")),
                // --db-storage on kubernetes: its own kinds, checked before a cluster is asked.
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-storage", "volume"),
                        List.of("--db-storage volume is a storage kind of --backend docker; the kubernetes backend"
                                + " takes ephemeral, memory[:SIZE] or pvc[:CLASS][:SIZE]")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-storage", "disk"),
                        List.of("--db-storage: 'disk' is not a storage kind (ephemeral, memory[:SIZE] or"
                                + " pvc[:CLASS][:SIZE])")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-memory", "1g",
                        "--db-storage", "memory:2Gi"), List.of("--db-storage memory:2Gi must be above 0 and at most the"
                                + " database pod's memory limit (1024m; --db-memory)")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-storage",
                        "pvc:Fast_SSD"), List.of("--db-storage pvc: 'Fast_SSD' is not a StorageClass name")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-storage",
                        "pvc:local-path:lots"), List.of("--db-storage pvc: 'lots' is not a memory size")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "kubernetes", "--db-storage",
                        "ephemeral:1g"), List.of("--db-storage ephemeral takes no argument")),
                // Container options on a backend without containers would be silently ignored.
                Arguments.of(List.of("run", "--db-cpus", "2"), List.of("--db-cpus", "--backend docker")),
                Arguments.of(List.of("run", "--engine", "h2", "--backend", "embedded", "--runner-memory", "2g"),
                        List.of("--runner-memory", "--backend docker")),
                Arguments.of(List.of("run", "--engine", "postgres", "--backend", "embedded"),
                        List.of("--backend embedded", "--backend docker")),
                Arguments.of(List.of("run", "--duration", "99999999999d"), List.of("--duration", "too long")),
                Arguments.of(List.of("run", "--jdbc-url", "jdbc:hsqldb:mem:lab;password=S3cr3t-pw"),
                        List.of("--password-file")),
                Arguments.of(List.of("run", "--engine", "postgres", "--jdbc-url", "jdbc:hsqldb:mem:lab"),
                        List.of("--engine postgres", "jdbc:postgresql:")));
    }

    @ParameterizedTest(name = "lab {0}")
    @MethodSource("badInput")
    void badInputIsOneLineExitTwoAndNoResult(List<String> args, List<String> expected, @TempDir Path dir)
            throws IOException {
        List<String> all = new java.util.ArrayList<>(args);
        if (args.get(0).equals("run")) {
            // Never the shared default database (unless the case picks its own target or backend),
            // never a long run if the input were taken.
            if (!args.contains("--jdbc-url") && !args.contains("--backend")) {
                all.addAll(List.of("--jdbc-url", "jdbc:hsqldb:mem:lab-" + UUID.randomUUID()));
            }
            if (!args.contains("--duration")) {
                all.addAll(List.of("--duration", "1s"));
            }
            all.addAll(List.of("--warmup", "0s", "--output", dir.resolve("result.json").toString()));
        }
        CliCapture.Outcome o = lab(all.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        List<String> lines = o.allErr().lines().toList();
        assertThat(lines).as("%s", o).hasSize(1);
        assertThat(lines.get(0)).isNotBlank().startsWith("lab: ").contains(expected)
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Caused by")
                .doesNotContain("S3cr3t-pw");
        assertThat(o.systemErr()).as("bad input on System.err instead of the err writer; %s", o).isEmpty();
        assertThat(o.allOut()).isEmpty();
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }
}
