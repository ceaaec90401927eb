package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.run.ExitCodes;
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

    /** The password every case that carries one uses: it must never be printed. */
    static final String SECRET = "S3cr3t-pw";

    /** A bad command line; {@code args} gets the case's fresh output directory; the line holds every expected word. */
    record Case(String name, Function<Path, String[]> args, String... expected) {
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

    /** {@code run} against {@code url} for {@code engine}, 1 s, no warm-up, output into the case's directory. */
    static Function<Path, String[]> runAt(String engine, String url, String... extra) {
        return dir -> concat(List.of("run", "--engine", engine, "--jdbc-url", url, "--duration", "1s", "--warmup", "0s",
                "--output", dir.resolve("result.json").toString()), extra);
    }

    /** {@code run} of an embedded engine's own file database, kept under {@code dataDir}. */
    static Function<Path, String[]> runDurable(String engine, Function<Path, String> dataDir) {
        return dir -> new String[] {"run", "--engine", engine, "--profile", "durable", "--data-dir", dataDir.apply(dir),
                "--duration", "1s", "--warmup", "0s", "--output", dir.resolve("result.json").toString()};
    }

    static String[] concat(List<String> head, String... tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(Arrays.asList(tail));
        return all.toArray(String[]::new);
    }

    static Stream<Case> runCases() {
        return Stream.of(
                new Case("--clients 0", quickRun("--clients", "0"), "--clients"),
                new Case("--db-container-stats of another kind", quickRun("--db-container-stats", "ftp://x/usage"),
                        "--db-container-stats 'ftp://x/usage': give http://HOST:PORT/PATH (a usage endpoint) or"
                                + " kubelet:NODE-ADDRESS/NAMESPACE/POD"),
                new Case("--db-container-stats kubelet without its pod", quickRun("--db-container-stats",
                        "kubelet:10.0.0.1/bench"), "--db-container-stats 'kubelet:10.0.0.1/bench': give"
                                + " kubelet:NODE-ADDRESS/NAMESPACE/POD"),
                new Case("--db-container-stats kubelet with no node", quickRun("--db-container-stats",
                        "kubelet:/bench/db"), "give kubelet:NODE-ADDRESS/NAMESPACE/POD"),
                new Case("--db-container-stats kubelet on no address", quickRun("--db-container-stats",
                        "kubelet:a b/bench/db"), "--db-container-stats 'kubelet:a b/bench/db': a b is not a node address"),
                new Case("--db-container-stats not a URL", quickRun("--db-container-stats", "http://a b/usage"),
                        "--db-container-stats 'http://a b/usage' is not a URL"),
                new Case("--client-pods 0", quickRun("--client-pods", "0", "--run-id", "r1"),
                        "--client-pods must be at least 1, got 0"),
                new Case("--client-pods 2 without --run-id", quickRun("--clients", "2", "--client-pods", "2"),
                        "--client-pods 2 needs --run-id"),
                new Case("--client-pods 5 of 4 clients", quickRun("--clients", "4", "--client-pods", "5", "--run-id", "r1"),
                        "--client-pods 5 is more than --clients 4"),
                new Case("--client-pod 2 of 2", quickRun("--clients", "4", "--client-pods", "2", "--client-pod", "2",
                        "--run-id", "r1"), "--client-pod must be between 0 and 1 for --client-pods 2, got 2"),
                new Case("--client-pods with --autocommit", quickRun("--clients", "4", "--client-pods", "2",
                        "--run-id", "r1", "--autocommit"), "--autocommit cannot be split over --client-pods"),
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

    /** A password belongs in --password-file or $BENCHLAB_PASSWORD; in the URL it is refused, never echoed. */
    static Stream<Case> passwordInUrlCases() {
        return Stream.of(
                new Case("?password=", runAt("postgres", "jdbc:postgresql://127.0.0.1:1/bench?password=" + SECRET),
                        "--jdbc-url", "password", "--password-file", "$BENCHLAB_PASSWORD"),
                new Case("&password=", runAt("postgres", "jdbc:postgresql://127.0.0.1:1/bench?user=u&password=" + SECRET
                        + "&ssl=false"), "--jdbc-url", "--password-file"),
                new Case(";password= (HSQLDB)", runAt("hsqldb", "jdbc:hsqldb:mem:pw;password=" + SECRET),
                        "--jdbc-url", "--password-file"),
                new Case(";PASSWORD= (H2)", runAt("h2", "jdbc:h2:mem:pw;USER=sa;PASSWORD=" + SECRET),
                        "--jdbc-url", "--password-file"),
                new Case(";password= (Derby)",
                        runAt("derby", "jdbc:derby:memory:pw;create=true;user=u;password=" + SECRET),
                        "--jdbc-url", "--password-file"),
                new Case("user:pw@host", runAt("postgres", "jdbc:postgresql://bench:" + SECRET + "@127.0.0.1:1/bench"),
                        "--jdbc-url", "--password-file"),
                new Case("sslpassword=", runAt("postgres", "jdbc:postgresql://127.0.0.1:1/bench?sslpassword=" + SECRET),
                        "--jdbc-url", "sslpassword", "--password-file"),
                new Case("(password=) (MySQL)", runAt("mysql",
                        "jdbc:mysql://address=(host=127.0.0.1)(port=1)(user=u)(password=" + SECRET + ")/bench"),
                        "--jdbc-url", "--password-file"));
    }

    /** The URL must be one the engine's driver takes; said before anything connects. */
    static Stream<Case> engineUrlCases() {
        return Stream.of(
                new Case("hsqldb with a postgres URL", runAt("hsqldb", "jdbc:postgresql://127.0.0.1:1/bench"),
                        "--engine hsqldb", "jdbc:hsqldb:", "jdbc:postgresql:", "--engine postgres"),
                new Case("postgres with a mysql URL", runAt("postgres", "jdbc:mysql://127.0.0.1:1/bench"),
                        "--engine postgres", "jdbc:postgresql:", "jdbc:mysql:"),
                new Case("hsqldb-server with an in-memory URL", runAt("hsqldb-server", "jdbc:hsqldb:mem:x"),
                        "--engine hsqldb-server", "jdbc:hsqldb:hsql:", "jdbc:hsqldb:mem:"),
                new Case("mariadb with jdbc:mariadb:", runAt("mariadb", "jdbc:mariadb://127.0.0.1:1/bench"),
                        "--engine mariadb", "jdbc:mysql:"),
                new Case("URL without jdbc:", runAt("postgres", "postgres://127.0.0.1:1/bench"),
                        "--jdbc-url", "not a JDBC URL", "jdbc:postgresql:"),
                new Case("empty URL", runAt("hsqldb", ""), "--jdbc-url", "empty"),
                new Case("--driver nope", runAt("postgres", "jdbc:postgresql://127.0.0.1:1/bench", "--driver", "nope"),
                        "unknown --driver 'nope'"),
                new Case("--driver vertx on hsqldb", quickRun("--driver", "vertx"),
                        "--driver vertx speaks PostgreSQL's and MySQL's protocols", "--driver jdbc"),
                new Case("--driver vertx with --autocommit", runAt("postgres", "jdbc:postgresql://127.0.0.1:1/bench",
                        "--driver", "vertx", "--autocommit"), "--driver vertx", "--autocommit"),
                new Case("--driver vertx with --statements direct", runAt("postgres",
                        "jdbc:postgresql://127.0.0.1:1/bench", "--driver", "vertx", "--statements", "direct"),
                        "--driver vertx", "--statements direct"),
                new Case("--driver vertx with URL parameters", runAt("postgres",
                        "jdbc:postgresql://127.0.0.1:1/bench?sslmode=require", "--driver", "vertx"),
                        "--driver vertx takes a plain host:port/database URL", "sslmode"),
                new Case("the default driver with URL parameters", runAt("postgres",
                        "jdbc:postgresql://127.0.0.1:1/bench?sslmode=require"), "sslmode", "only --driver jdbc honours"),
                new Case("--driver vertx with MySQL URL parameters", runAt("mariadb",
                        "jdbc:mysql://127.0.0.1:1/bench?useSSL=false", "--driver", "vertx"),
                        "--driver vertx takes a plain host:port/database URL", "useSSL"),
                new Case("--driver vertx with a verifying sslMode", runAt("mysql",
                        "jdbc:mysql://127.0.0.1:1/bench?sslMode=VERIFY_CA"), "sslMode", "VERIFY_CA", "--driver jdbc"),
                new Case("--driver vertx with odd sessionVariables", runAt("mariadb",
                        "jdbc:mysql://127.0.0.1:1/bench?sessionVariables=a=1;DROP%20TABLE%20x"), "sessionVariables"),
                new Case("--driver vertx with several MySQL hosts", runAt("mariadb",
                        "jdbc:mysql://127.0.0.1:1,127.0.0.2:1/bench", "--driver", "vertx"),
                        "--driver vertx", "several hosts"),
                new Case("--driver vertx with several hosts", runAt("postgres",
                        "jdbc:postgresql://127.0.0.1:1,127.0.0.2:1/bench", "--driver", "vertx"),
                        "--driver vertx", "several hosts"));
    }

    /** Files and directories that cannot take what the run writes, said in words, before the run. */
    static Stream<Case> fileCases() {
        return Stream.of(
                new Case("--output /proc/version", quickRunTo("/proc/version"),
                        "cannot write the result to /proc/version", "/proc takes no new files"),
                new Case("--output dir/ (trailing slash)", dir -> quickRunTo(dir.resolve("sub") + "/").apply(dir),
                        "--output", "directory"),
                new Case("--output ''", quickRunTo(""), "--output", "empty"),
                new Case("--data-dir /proc/x (hsqldb durable)", runDurable("hsqldb", dir -> "/proc/benchlab-data"),
                        "--data-dir /proc/benchlab-data", "/proc takes no new files"),
                new Case("--data-dir /proc/x (h2 durable)", runDurable("h2", dir -> "/proc/benchlab-data"),
                        "--data-dir /proc/benchlab-data", "/proc takes no new files"),
                new Case("--data-dir /proc/x (derby durable)", runDurable("derby", dir -> "/proc/benchlab-data"),
                        "--data-dir /proc/benchlab-data", "/proc takes no new files"),
                new Case("--data-dir is a file", runDurable("hsqldb", dir -> plainFile(dir).resolve("data").toString()),
                        "--data-dir", "is not a directory"),
                new Case("--data-dir ''", runDurable("hsqldb", dir -> ""), "--data-dir", "empty"),
                new Case("--password-file is a directory",
                        dir -> quickRun("--password-file", dir.toString()).apply(dir),
                        "password file", "is a directory"),
                new Case("--password-file is empty", dir -> quickRun("--password-file", emptyFile(dir)).apply(dir),
                        "password file", "is empty"),
                new Case("init --data-dir /proc/x", dir -> new String[] {"init", "--engine", "h2",
                        "--profile", "durable", "--data-dir", "/proc/benchlab-data"}, "--data-dir /proc/benchlab-data"));
    }

    /** Numbers, durations and knob values a hurried user types. */
    static Stream<Case> valueCases() {
        return Stream.of(
                new Case("--duration 99999999999d", run("--duration", "99999999999d"), "--duration", "too long", "30d"),
                new Case("--duration 99999999999h", run("--duration", "99999999999h"), "--duration", "too long", "30d"),
                new Case("--warmup 31d", quickRun("--warmup", "31d"), "--warmup", "too long", "30d"),
                new Case("--rounds x --duration over the ceiling", run("--duration", "1h", "--rounds", "1000"),
                        "--rounds", "30d"),
                new Case("--interval 1ms", quickRun("--interval", "1ms"), "--interval", "100ms"),
                new Case("--clients 4.5", quickRun("--clients", "4.5"), "--clients", "'4.5' is not a whole number"),
                new Case("--clients 99999999999", quickRun("--clients", "99999999999"), "--clients", "too large"),
                new Case("--seed abc", quickRun("--seed", "abc"), "--seed", "'abc' is not a whole number"),
                new Case("--rate 0.0001 in 1 s", quickRun("--rate", "0.0001"), "--rate", "no transaction"),
                new Case("--rate-steps falling", quickRun("--rate-steps", "100,50"), "--rate-steps", "rise", "50"),
                new Case("--rate-steps repeated", quickRun("--rate-steps", "100,100"), "--rate-steps", "rise"),
                new Case("--rate-steps 0", quickRun("--rate-steps", "0,10"), "--rate-steps", "positive"),
                new Case("--rate-steps not numbers", quickRun("--rate-steps", "10,lots"), "--rate-steps", "'lots'"),
                new Case("--rate-steps empty", quickRun("--rate-steps", ""), "--rate-steps", "at least one"),
                new Case("--rate-steps 1,2,,3", quickRun("--rate-steps", "1,2,,3"), "--rate-steps", "not a number"),
                new Case("--rate-ramp without ..", quickRun("--rate-ramp", "500-8000"), "--rate-ramp", "FROM..TO"),
                new Case("--rate-ramp falling", quickRun("--rate-ramp", "800..500"), "--rate-ramp", "rise"),
                new Case("--rate-ramp flat", quickRun("--rate-ramp", "500..500"), "--rate-ramp", "rise"),
                new Case("--rate-ramp from 0", quickRun("--rate-ramp", "0..500"), "--rate-ramp", "positive"),
                new Case("--rate-ramp shorter than two intervals", quickRun("--rate-ramp", "10..20", "--ramp-duration",
                        "1500ms"), "--ramp-duration", "two --interval"),
                new Case("--rate with --rate-steps", quickRun("--rate", "10", "--rate-steps", "10,20"), "--rate",
                        "--rate-steps", "one of"),
                new Case("--rate-steps with --rate-ramp", quickRun("--rate-steps", "10,20", "--rate-ramp", "10..20"),
                        "--rate-ramp", "one of"),
                new Case("--step-duration alone", quickRun("--step-duration", "5s"), "--step-duration", "--rate-steps"),
                new Case("--step-settle alone", quickRun("--rate", "10", "--step-settle", "1s"), "--step-settle",
                        "--rate-steps"),
                new Case("--ramp-duration alone", quickRun("--ramp-duration", "5s"), "--ramp-duration", "--rate-ramp"),
                new Case("--rate-steps with a count", run("--rate-steps", "10,20", "-t", "100"), "--rate-steps",
                        "--transactions-per-client"),
                new Case("--rate-steps and other --rounds", quickRun("--rate-steps", "10,20,30", "--rounds", "2"),
                        "--rounds 2", "each step is one round"),
                new Case("--rate-ramp and --rounds", quickRun("--rate-ramp", "10..20", "--ramp-duration", "3s",
                        "--rounds", "3"), "--rate-ramp", "one measured phase"),
                new Case("--step-settle negative", quickRun("--rate-steps", "10,20", "--step-settle", "-1s"),
                        "--step-settle"),
                new Case("steps over the ceiling", run("--rate-steps", "10,20,30", "--step-duration", "10d",
                        "--step-settle", "1d"), "would take", "--step-settle", "30d"),
                new Case("--load-batch-size 100000000", quickRun("--load-batch-size", "100000000"),
                        "--load-batch-size", "at most"),
                new Case("--engine postgresql", quickRun("--engine", "postgresql"), "unknown engine 'postgresql'",
                        "did you mean postgres"),
                new Case("--user ''", quickRun("--user", ""), "--user", "empty"),
                new Case("init --scale huge", dir -> new String[] {"init", "--jdbc-url", memUrl(), "--scale", "30000"},
                        "--scale", "too large"),
                new Case("init --load-batch-size 0", dir -> new String[] {"init", "--jdbc-url", memUrl(),
                        "--load-batch-size", "0"}, "--load-batch-size must be at least 1, got 0"));
    }

    static Function<Path, String[]> quickRunTo(String output) {
        return dir -> new String[] {"run", "--jdbc-url", memUrl(), "--duration", "1s", "--warmup", "0s",
                "--output", output};
    }

    static Path plainFile(Path dir) {
        try {
            return Files.writeString(dir.resolve("plain.txt"), "not a directory");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    static String emptyFile(Path dir) {
        try {
            return Files.createFile(dir.resolve("empty.pw")).toString();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource({"runCases", "passwordInUrlCases", "engineUrlCases", "fileCases", "valueCases"})
    void badInputIsOneLineExitTwoAndNoResult(Case c, @TempDir Path dir) throws IOException {
        CliCapture.Outcome o = CliCapture.runner(c.args().apply(dir));
        assertOneLineBadInput(o, c.expected());
        assertThat(o.everything()).as("the password is never printed").doesNotContain(SECRET);
        assertNoResultIn(dir);
    }

    /** The result replaces its file atomically: a special file (a socket here, /dev/null alike) would be replaced. */
    @Test
    void outputThatIsASpecialFileIsBadInput(@TempDir Path dir) throws IOException {
        Path socket = dir.resolve("socket");
        try (var server = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(socket));
            CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", memUrl(),
                    "--duration", "1s", "--warmup", "0s", "--output", socket.toString());
            assertOneLineBadInput(o, "not a regular file");
            assertThat(Files.isRegularFile(socket, java.nio.file.LinkOption.NOFOLLOW_LINKS)).isFalse();
        }
        assertNoResultIn(dir);
    }

    /** Nothing is left in the default results/ folder or the data dir when the input is refused. */
    @Test
    void refusedRunCreatesNoDirectories(@TempDir Path dir) throws IOException {
        Path out = dir.resolve("new").resolve("deeper").resolve("result.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--engine", "hsqldb", "--jdbc-url",
                "jdbc:hsqldb:hsql://127.0.0.1:1/nope", "--duration", "1s", "--warmup", "0s",
                "--output", out.toString());
        assertOneLineBadInput(o, "cannot connect");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("directories made to check --output are removed again").isEmpty();
        }
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

    /** Without --scale, a database holding a branch per client or more is run at its scale, as pgbench does; fewer is reloaded. */
    @Test
    void withoutScaleADatabaseHoldingEnoughBranchesIsRunAtTheScaleItHoldsAndFewerIsReloaded(@TempDir Path dir) throws IOException {
        String url = memUrl();
        CliCapture.Outcome loaded = CliCapture.runner("run", "--jdbc-url", url, "--scale", "3",
                "--clients", "1", "--duration", "1s", "--warmup", "0s", "--quiet", "--output",
                dir.resolve("scale3.json").toString());
        assertThat(loaded.exitCode()).as("%s", loaded).isZero();

        Path fewer = dir.resolve("fewer.json");
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", url, "--clients", "2", "--duration", "1s",
                "--warmup", "0s", "--quiet", "--output", fewer.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        io.benchlab.results.RunResult r = io.benchlab.results.ResultJson.read(fewer);
        assertThat(r.knobs().scale()).isEqualTo(3);
        assertThat(r.knobs().scaleFollowsClients()).as("recorded as given: the scale it ran at").isFalse();
        assertThat(r.load()).as("nothing loaded").isNull();
        assertThat(r.consistency().ok()).isTrue();

        Path more = dir.resolve("more.json");
        CliCapture.Outcome o4 = CliCapture.runner("run", "--jdbc-url", url, "--clients", "4", "--duration", "1s",
                "--warmup", "0s", "--quiet", "--output", more.toString());
        assertThat(o4.exitCode()).as("%s", o4).isZero();
        io.benchlab.results.RunResult r4 = io.benchlab.results.ResultJson.read(more);
        assertThat(r4.load()).as("reloaded at a branch per client").isNotNull();
        assertThat(r4.load().scale()).isEqualTo(4);
        assertThat(r4.knobs().scaleFollowsClients()).isTrue();
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

    static void assertOneLineBadInput(CliCapture.Outcome o, String... expected) {
        assertThat(o.exitCode()).as("exit code; %s", o).isEqualTo(ExitCodes.BAD_INPUT);
        List<String> lines = CliCapture.Outcome.lines(o.allErr());
        assertThat(lines).as("stderr is one line; %s", o).hasSize(1);
        String line = lines.get(0);
        assertThat(line).as("%s", o).isNotBlank()
                .doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Caused by")
                .doesNotContainPattern(JAVA_NAME)
                .contains(expected);
        assertThat(o.systemErr()).as("bad input went to System.err, not the command line's err writer; %s", o)
                .isEmpty();
        assertThat(o.allOut()).as("nothing on stdout; %s", o).isEmpty();
    }

    /** A Java class or object name, such as org.hsqldb.persist.LockFile@710a4a7c, in a user-facing line. */
    static final java.util.regex.Pattern JAVA_NAME =
            java.util.regex.Pattern.compile("\\b[a-z]+(\\.[a-z][a-z0-9]*)+\\.[A-Z][A-Za-z0-9]*\\b");

    static void assertNoResultIn(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile).map(Path::toString))
                    .as("no result and no leftover temp file in %s", dir)
                    .noneMatch(name -> name.endsWith(".json"))
                    .noneMatch(name -> name.endsWith(".tmp"));
        }
    }
}
