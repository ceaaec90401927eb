package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bad input is one line on stderr, exit code 2, and no result file, never a stack trace.
 * Every case points {@code --output} into a fresh directory that must stay empty.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class RunnerBadInputTest {

    /** A bad command line; {@code args} gets the case's fresh output directory. */
    record Case(String name, Function<Path, String[]> args, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static String memUrl() {
        return "jdbc:hsqldb:mem:bad-" + UUID.randomUUID() + ";hsqldb.tx=mvcc";
    }

    /** {@code run} on a fresh in-memory database, 1 s, no warm-up, plus the case's own options. */
    static Function<Path, String[]> run(String... extra) {
        return dir -> concat(List.of("run", "--jdbc-url", memUrl(), "--warmup", "0s",
                "--output", dir.resolve("result.json").toString()), extra);
    }

    /** As {@link #run} but with a one-second duration already given. */
    static Function<Path, String[]> quickRun(String... extra) {
        List<String> args = new ArrayList<>(List.of("--duration", "1s"));
        args.addAll(Arrays.asList(extra));
        return run(args.toArray(String[]::new));
    }

    static String[] concat(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(Arrays.asList(tail));
        return all.toArray(String[]::new);
    }

    static Stream<Case> runCases() {
        return Stream.of(
                new Case("--clients 0", quickRun("--clients", "0"), "--clients"),
                new Case("--clients abc", quickRun("--clients", "abc"), "abc"),
                new Case("--engine nope", quickRun("--engine", "nope"), "unknown engine 'nope'"),
                new Case("--duration -5s", run("--duration", "-5s"), "-5s"),
                new Case("--duration abc", run("--duration", "abc"), "'abc' is not a duration"),
                new Case("--duration 0s", run("--duration", "0s"), "--duration"),
                new Case("--warmup abc", quickRun("--warmup", "abc"), "'abc' is not a duration"),
                new Case("--profile nope", quickRun("--profile", "nope"), "unknown profile 'nope'"),
                new Case("--duration and -t", run("--duration", "1s", "--transactions-per-client", "10"),
                        "--transactions-per-client"),
                new Case("-t 0", run("--transactions-per-client", "0"), "--transactions-per-client"),
                new Case("--rate 0", quickRun("--rate", "0"), "--rate"),
                new Case("--rate -3", quickRun("--rate", "-3"), "--rate"),
                new Case("--rate abc", quickRun("--rate", "abc"), "abc"),
                new Case("--rounds 0", quickRun("--rounds", "0"), "--rounds"),
                new Case("--max-tries 0", quickRun("--max-tries", "0"), "--max-tries"),
                new Case("--interval 0s", quickRun("--interval", "0s"), "--interval"),
                new Case("--isolation weird", quickRun("--isolation", "weird"), "unknown --isolation 'weird'"),
                new Case("--distribution weird", quickRun("--distribution", "weird"),
                        "unknown --distribution 'weird'"),
                new Case("--statements weird", quickRun("--statements", "weird"), "unknown --statements 'weird'"),
                new Case("--scale 0", quickRun("--scale", "0"), "--scale"),
                new Case("--scale huge", quickRun("--scale", "30000"), "too large"),
                new Case("--load-batch-size 0", quickRun("--load-batch-size", "0"), "--load-batch-size"),
                new Case("unknown option", quickRun("--frobnicate"), "--frobnicate"),
                new Case("missing password file", dir -> quickRun("--password-file",
                        dir.resolve("no-such-password.txt").toString()).apply(dir), "cannot read password file"),
                new Case("unreachable database", dir -> new String[] {"run", "--engine", "hsqldb",
                        "--jdbc-url", "jdbc:hsqldb:hsql://127.0.0.1:1/nope", "--duration", "1s", "--warmup", "0s",
                        "--output", dir.resolve("result.json").toString()}, "cannot connect"),
                new Case("unknown subcommand", dir -> new String[] {"nope"}, "nope"),
                new Case("init --scale 0", dir -> new String[] {"init", "--jdbc-url", memUrl(), "--scale", "0"},
                        "--scale"),
                new Case("init unreachable", dir -> new String[] {"init", "--jdbc-url",
                        "jdbc:hsqldb:hsql://127.0.0.1:1/nope"}, "cannot connect"),
                new Case("check unreachable", dir -> new String[] {"check", "--jdbc-url",
                        "jdbc:hsqldb:hsql://127.0.0.1:1/nope"}, "cannot connect"),
                new Case("check without tables", dir -> new String[] {"check", "--jdbc-url", memUrl()},
                        "run 'init' first"),
                new Case("check --engine nope", dir -> new String[] {"check", "--engine", "nope"},
                        "unknown engine 'nope'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("runCases")
    void badInputIsOneLineExitTwoAndNoResult(Case c, @TempDir Path dir) throws IOException {
        CliCapture.Outcome o = CliCapture.runner(c.args().apply(dir));
        assertOneLineBadInput(o, c.expected());
        assertNoResultIn(dir);
    }

    @Test
    void outputUnderProcIsBadInput() {
        Path out = Path.of("/proc/benchlab/x.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", memUrl(),
                "--duration", "1s", "--warmup", "0s", "--output", out.toString());
        assertOneLineBadInput(o, "cannot write the result");
        assertThat(out).doesNotExist();
    }

    @Test
    void outputWhoseParentIsAFileIsBadInput(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plain.txt"), "not a directory");
        Path out = file.resolve("x.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", memUrl(),
                "--duration", "1s", "--warmup", "0s", "--output", out.toString());
        assertOneLineBadInput(o, "cannot write the result");
        assertThat(Files.readString(file)).isEqualTo("not a directory");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    @Test
    void outputThatIsADirectoryIsBadInput(@TempDir Path dir) throws IOException {
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", memUrl(),
                "--duration", "1s", "--warmup", "0s", "--output", dir.toString());
        assertOneLineBadInput(o, "is a directory");
        assertNoResultIn(dir);
    }

    @Test
    void databaseHoldingAnotherScaleIsBadInputUntilInit(@TempDir Path dir) throws IOException {
        String url = memUrl();
        Path first = dir.resolve("first").resolve("scale1.json");
        CliCapture.Outcome loaded = CliCapture.runner("run", "--jdbc-url", url, "--scale", "1",
                "--clients", "1", "--duration", "1s", "--warmup", "0s", "--quiet", "--output", first.toString());
        assertThat(loaded.exitCode()).as("%s", loaded).isZero();
        assertThat(first).exists();

        Path second = Files.createDirectory(dir.resolve("second"));
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", url, "--scale", "2",
                "--clients", "1", "--duration", "1s", "--warmup", "0s", "--output",
                second.resolve("scale2.json").toString());
        assertOneLineBadInput(o, "holds scale 1, not 2");
        assertThat(o.err()).contains("--init");
        assertNoResultIn(second);
    }

    static void assertOneLineBadInput(CliCapture.Outcome o, String expected) {
        assertThat(o.exitCode()).as("exit code; %s", o).isEqualTo(ExitCodes.BAD_INPUT);
        List<String> lines = CliCapture.Outcome.lines(o.allErr());
        assertThat(lines).as("stderr is one line; %s", o).hasSize(1);
        String line = lines.get(0);
        assertThat(line).as("%s", o).isNotBlank()
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Caused by")
                .contains(expected);
        assertThat(o.systemErr()).as("bad input went to System.err, not the command line's err writer; %s", o)
                .isEmpty();
        assertThat(o.allOut()).as("nothing on stdout; %s", o).isEmpty();
    }

    static void assertNoResultIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile).map(Path::toString))
                    .as("no result and no leftover temp file in %s", dir)
                    .noneMatch(name -> name.endsWith(".json"))
                    .noneMatch(name -> name.endsWith(".tmp"));
        }
    }
}
