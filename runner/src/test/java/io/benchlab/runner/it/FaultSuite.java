package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.Consistency;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.cli.DurationConverter;
import io.benchlab.runner.cli.RunnerProcess;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Faults injected into a real server while the runner runs on it through its command line:
 * restarts, crashes, a server that never comes back, table locks, signals, overload. Each
 * scenario checks the status, the warnings, the exit code (--strict, so that any warning
 * shows there too) and the consistency verdict, and then reads the database's own sums and
 * history count to hold against what the result says.
 */
@TestMethodOrder(MethodOrderer.MethodName.class)
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
abstract class FaultSuite {

    /** Scale of a scenario: two branches, so 8 clients contend but do not all queue on one row. */
    static final int SCALE = 2;

    /**
     * A scenario at another scale than {@link #SCALE}. The scenarios run in the order of their
     * names and load only when the scale changes, so those at one scale share one load: a load at
     * scale 2 takes seconds, and the suites once loaded five times each.
     */
    @Retention(RetentionPolicy.RUNTIME)
    @java.lang.annotation.Target(ElementType.METHOD)
    @interface AtScale {
        int value();
    }

    @TempDir
    Path dir;

    private final List<Runnable> cleanups = new ArrayList<>();

    /** The server's target (skips, or fails in CI, when its variables are absent). */
    abstract Target target();

    /** Its name for {@code .ci/services}. */
    abstract String service();

    /** The prefix of its variables, e.g. {@code BENCHLAB_PG}. */
    abstract String prefix();

    /** Takes a lock on {@code table} that keeps every other session from reading or writing it, until {@code c} closes. */
    abstract void lockTable(Connection c, String table) throws Exception;

    /** How many sessions of the database wait for a table lock another session holds, as the server says. */
    abstract int lockWaiters(Connection c) throws Exception;

    /** The scale of the scenario under way. */
    private int scale;

    @BeforeEach
    void loaded(TestInfo test) throws Exception {
        scale = test.getTestMethod().map(m -> m.getAnnotation(AtScale.class)).map(AtScale::value).orElse(SCALE);
        ServerRuns.ensureScale(target(), scale);
        assertThat(sums().match()).as("consistent before the scenario: %s", sums()).isTrue();
    }

    @AfterEach
    void cleanUp() throws Exception {
        for (Runnable r : cleanups) {
            r.run();
        }
        services("start", service()); // whatever a scenario did to the server, the next finds it up
    }

    // ------------------------------------------------------------------------------ scenarios

    @Test
    void aRestartMidRunReconnectsAndAccountsForEveryCommit() throws Exception {
        long historyBefore = sums().historyRows();
        Background run = inBackground("--duration", "8s", "--clients", "8", "--interval", "500ms");
        run.awaitMeasuring();
        services("restart", service());
        Run r = run.get(2);

        r.assertStatus("ok", ExitCodes.RUN_FAILED);
        assertThat(r.codes()).contains("reconnects");
        assertThat(r.result.figures().failuresByCause().keySet()).containsAnyOf("08", "57");
        r.assertConsistentAndTheDatabaseAgrees(historyBefore);
    }

    @Test
    void aCrashThatStaysDownTwentySecondsIsSeenAsTimeWithoutCommits() throws Exception {
        long historyBefore = sums().historyRows();
        Background run = inBackground("--duration", "26s", "--clients", "8");
        run.awaitMeasuring();
        long crash = System.nanoTime();
        services("crash", service());
        Thread.sleep(20_000);
        services("start", service());
        // From the crash's order to a server that takes connections again: some 21 s on a quiet box,
        // longer when the crash or the start (its recovery) is slow beside CI's other test lanes.
        double outage = (System.nanoTime() - crash) / 1e9;
        Run r = run.get(3);

        r.assertStatus("ok", ExitCodes.RUN_FAILED);
        assertThat(r.codes()).contains("zero_tps", "reconnects");
        // Whole intervals without a commit: at most the outage, plus the clients' last pause before
        // their next try (Reconnect's at most 2 s), plus the interval the first commit falls in.
        assertThat(r.warning("zero_tps").figure()).as("seconds without a commit, the outage %.1f s", outage)
                .isBetween(17.0, outage + 2 + 1 + 1);
        r.assertConsistentAndTheDatabaseAgrees(historyBefore);
    }

    /** The server goes and never comes back within the run: failed in the after-run check, counts kept. */
    @Test
    void aServerStoppedForGoodFailsTheRunInItsAfterRunCheck() throws Exception {
        long historyBefore = sums().historyRows();
        Background run = inBackground("--duration", "6s", "--clients", "4");
        run.awaitMeasuring();
        services("stop", service());
        Run r = run.get(3);
        services("start", service());

        r.assertStatus("failed", ExitCodes.RUN_FAILED);
        assertThat(r.result.cause()).startsWith("after-run check: not checked: the database did not answer: server unreachable");
        Consistency c = r.result.consistency();
        assertThat(c.checked()).isFalse();
        assertThat(c.ok()).isFalse();
        assertThat(c.after()).isNull();
        assertThat(c.committedTotal()).isPositive();
        assertThat(r.codes()).contains("zero_tps");
        assertThat(r.summary()).contains("NOT CHECKED: the database did not answer");
        long added = sums().historyRows() - historyBefore;
        assertThat(added).as("history rows the run added, read after the server is back")
                .isBetween(c.committedTotal(), c.committedTotal() + c.inDoubt());
    }

    @Test
    void aThirtySecondLockTimesStatementsOutAndTheRunKeepsItsLength() throws Exception {
        long historyBefore = sums().historyRows();
        Background run = inBackground("--duration", "10s", "--clients", "4");
        run.awaitMeasuring();
        holdLock("branches", 30_000);
        Run r = run.get(3);

        // The last statement started before the planned end may hold its client for one timeout, and
        // when PostgreSQL's cancel does not end it, the watchdog aborts the connection after
        // ABORT_AFTER_CANCEL; 2 s more for a CI machine whose clusters share the 2 cores (17.6 s seen).
        double timeout = new DurationConverter().convert(Defaults.STATEMENT_TIMEOUT).toNanos() / 1e9;
        double abort = Defaults.ABORT_AFTER_CANCEL.toNanos() / 1e9;
        assertThat(r.result.figures().seconds()).as("measured: 10 s and at most one statement timeout and its abort")
                .isLessThan(10 + timeout + abort + 2);
        r.assertStatus("ok", ExitCodes.RUN_FAILED);
        assertThat(r.codes()).contains("statement_timeouts", "zero_tps");
        assertThat(r.result.figures().failuresByCause()).containsKey(WorkerMetrics.TIMEOUT);
        r.assertConsistentAndTheDatabaseAgrees(historyBefore);
    }

    /**
     * SIGTERM while every client waits on a lock that holds for a minute: out in time, with its
     * summary; the check could not read past the lock, so it says so, and once the lock is gone
     * the database holds what the counts say.
     */
    @Test
    void aSignalDuringALockEndsTheRunInTimeWithItsSummary() throws Exception {
        long historyBefore = sums().historyRows();
        Path out = dir.resolve("signalled.json");
        RunnerProcess runner = process(out, "--duration", "60s", "--clients", "4", "--statement-timeout", "0");
        runner.awaitErr("round 1", 60);
        AutoCloseable lock = holdLock("branches", 60_000);
        // A client waits for the table (the others may wait on its rows, which MariaDB does not list
        // as a table lock); then long enough for an interval without a commit: the zero_tps warning.
        awaitALockWaiter(runner);
        Thread.sleep(2000);
        double seconds = runner.signalAndWait("TERM", 15);
        lock.close();

        assertOutInTime(seconds);
        assertThat(runner.exitCode()).isEqualTo(143);
        assertThat(runner.out()).as("the summary; stderr: %s", runner.err())
                .contains("status interrupted", "NOT CHECKED", "result             " + out);
        RunResult r = read(out);
        assertThat(r.status().json()).isEqualTo("interrupted");
        assertThat(r.warnings()).extracting(Warning::code).contains("zero_tps");
        assertThat(r.figures().committed()).isPositive();
        Consistency c = r.consistency();
        assertThat(c.checked()).as(c.message()).isFalse();
        Sums db = sums();
        assertThat(db.match()).as("the database's own sums: %s", db).isTrue();
        assertThat(db.historyRows() - historyBefore).isBetween(c.committedTotal(), c.committedTotal() + c.inDoubt());
    }

    /** SIGTERM while the load waits for a table another session holds: out in time, the data untouched. */
    @Test
    void aSignalDuringABlockedLoadEndsTheRunInTime() throws Exception {
        Sums before = sums();
        Path out = dir.resolve("load.json");
        AutoCloseable lock = holdLock("history", 60_000);
        RunnerProcess runner = process(out, "--init", "--duration", "5s");
        awaitALockWaiter(runner);
        double seconds = runner.signalAndWait("TERM", 15);
        lock.close();

        assertOutInTime(seconds);
        assertThat(runner.exitCode()).isEqualTo(143);
        RunResult r = read(out);
        assertThat(r.status().json()).isEqualTo("interrupted");
        assertThat(r.cause()).contains("load");
        assertThat(r.warnings()).isEmpty();
        assertThat(r.figures()).isNull();
        assertThat(sums()).as("the load never began: the data is as it was").isEqualTo(before);
    }

    /**
     * Every statement its own transaction, 8 clients on one branch: the database's sums match at
     * each level the engine offers ({@code isolationLevels()} of the subclass).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("isolationLevels")
    @AtScale(1)
    void autocommitUnderContentionEndsWithMatchingSums(Isolation isolation) throws Exception {
        long historyBefore = sums().historyRows();
        Run r = Run.of(this, CliCapture.runner(runArgs(dir.resolve("autocommit.json"), "--clients", "8",
                "--autocommit", "--isolation", isolation.label(), "--max-tries", "1000", "--duration", "3s")),
                dir.resolve("autocommit.json"));
        r.assertStatus("ok", ExitCodes.RUN_FAILED);
        Consistency c = r.result.consistency();
        assertThat(c.ok()).as(c.message()).isTrue();
        assertThat(c.partial()).as("no statement gave up with 1000 tries").isNull();
        Sums db = sums();
        assertThat(db.match()).as("the database's own sums: %s", db).isTrue();
        assertThat(db).isEqualTo(c.after());
        assertThat(db.historyRows() - historyBefore).isEqualTo(c.committedTotal());
    }

    /**
     * A rate a hundred times what the same clients just did: most of the schedule never starts,
     * the clients keep working through it, and the run still ends on time. A hundred, because beside
     * make test's other lanes the capacity moves from one run to the next: between 0.18 and 4.8 times
     * the first run's have been seen (436 tps, then 755; 342, then 1160; and one rate of six times
     * a capacity that the clients then kept in full). Half the schedule missed needs a rate run 50
     * times faster than the one before it.
     */
    @Test
    void aRateFarAboveTheCapacityMissesMostStartsAndEndsOnTime() throws Exception {
        Run capacity = Run.of(this, CliCapture.runner(runArgs(dir.resolve("capacity.json"), "--duration", "4s",
                "--clients", "4")), dir.resolve("capacity.json"));
        double rate = Math.round(100 * capacity.result.figures().tps());
        long historyBefore = sums().historyRows();
        Run r = Run.of(this, CliCapture.runner(runArgs(dir.resolve("rate.json"), "--duration", "4s", "--clients", "4",
                "--rate", Double.toString(rate))), dir.resolve("rate.json"));

        double grace = Defaults.SCHEDULE_GRACE.toNanos() / 1e9;
        assertThat(r.result.figures().seconds()).as("measured phase").isBetween(4.0, 4.0 + grace + 0.5);
        r.assertStatus("ok", ExitCodes.RUN_FAILED);
        assertThat(r.codes()).contains("rate_missed");
        var schedule = r.result.figures().schedule();
        assertThat(schedule.targetTps()).isEqualTo(rate);
        double missed = (double) schedule.missedStarts() / schedule.scheduled();
        assertThat(missed).as("share of the schedule never started (%s)", schedule).isGreaterThan(0.5);
        assertThat(r.result.figures().committed()).as("the clients worked through the backlog").isPositive();
        r.assertConsistentAndTheDatabaseAgrees(historyBefore);
    }

    @Test
    void aClientCountAboveWhatTheServerTakesIsBadInput() throws Exception {
        long historyBefore = sums().historyRows();
        Path out = dir.resolve("too-many.json");
        CliCapture.Outcome o = CliCapture.runner(runArgs(out, "--clients", "500", "--duration", "1s"));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(o.allErr().lines()).singleElement().asString()
                .contains("--clients 500 is more than " + target().engine().name(), "max_connections");
        assertThat(out).doesNotExist();
        assertThat(sums().historyRows()).isEqualTo(historyBefore);
    }

    // ------------------------------------------------------------------------------ plumbing

    /** How the clients talk to the server: the engine's JDBC driver, unless a subclass says otherwise. */
    String driver() {
        return "jdbc";
    }

    /**
     * The runner's command line on this server, with its password from the file, at the scenario's
     * scale; {@code --strict} always.
     */
    String[] runArgs(Path out, String... extra) {
        Target t = target();
        List<String> args = new ArrayList<>(List.of("run", "--engine", t.engine().name(), "--jdbc-url", t.jdbcUrl(),
                "--user", t.user(), "--password-file", ServerTargets.variable(prefix() + "_PASSWORD_FILE"),
                "--warmup", "500ms", "--strict", "--output", out.toString()));
        args.addAll(List.of("--scale", "" + scale, "--driver", driver()));
        args.addAll(List.of(extra));
        return args.toArray(String[]::new);
    }

    RunnerProcess process(Path out, String... extra) throws IOException {
        RunnerProcess runner = RunnerProcess.start(dir, Map.of(), runArgs(out, extra));
        cleanups.add(runner::close);
        return runner;
    }

    Background inBackground(String... extra) {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        cleanups.add(pool::shutdownNow);
        Path out = dir.resolve("run.json");
        StringWriter err = new StringWriter();
        return new Background(pool.submit(() -> Run.of(this, CliCapture.runner(err, runArgs(out, extra)), out)), err);
    }

    /** A run in this JVM, in the background, and its progress as far as it has gone. */
    record Background(Future<Run> run, StringWriter err) {

        /**
         * Returns once the measured phase has shown its first interval, so that what the scenario
         * does next falls in it: a fixed wait from the start let a restart fall in the warm-up
         * on a loaded machine, where the clients reconnected before anything was measured.
         */
        void awaitMeasuring() throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (!err.toString().contains("round 1")) {
                assertThat(run.isDone()).as("the run ended before its measured phase: %s", err).isFalse();
                assertThat(System.nanoTime() - deadline).as("measuring within 60 s: %s", err).isNegative();
                Thread.sleep(20);
            }
        }

        Run get(int minutes) throws Exception {
            return run.get(minutes, TimeUnit.MINUTES);
        }
    }

    /** Another session takes the lock now and holds it for {@code millis}, until closed, or until the test ends. */
    AutoCloseable holdLock(String table, long millis) throws Exception {
        Connection c = target().connect();
        lockTable(c, table);
        Thread holder = new Thread(() -> {
            try {
                Thread.sleep(millis);
            } catch (InterruptedException released) {
                // The test is over.
            }
            try {
                c.close();
            } catch (Exception ignored) {
                // Gone with a restart.
            }
        }, "lock-holder");
        holder.start();
        Runnable release = () -> {
            holder.interrupt();
            try {
                holder.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        cleanups.add(release);
        return release::run;
    }

    /**
     * A signalled runner was out in time: the stop aims at STOP_WITHIN (4 s), and the hook holds the
     * JVM up to STOP_HOLD for a summary that a box whose cores three test lanes share prints late.
     */
    private static void assertOutInTime(double seconds) {
        assertThat(seconds).as("SIGTERM to exit, s").isLessThan(Defaults.STOP_HOLD.toMillis() / 1000.0 + 0.5);
    }

    /**
     * Waits until a session waits for a lock (the runner's clients, or its load), as the server
     * reports it: a signal sent then reaches a runner that is blocked, not one still starting (a
     * fixed sleep of 4 s was too short for a JVM's start on a busy CI machine).
     */
    void awaitALockWaiter(RunnerProcess runner) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (Connection c = target().connect()) {
            while (lockWaiters(c) == 0) {
                assertThat(System.nanoTime() - deadline).as("a session waiting for a lock within 60 s; the runner's"
                        + " stderr: %s", runner.err()).isNegative();
                Thread.sleep(100);
            }
        }
    }

    Sums sums() throws Exception {
        try (Connection c = target().connect()) {
            return ConsistencyCheck.sums(c);
        }
    }

    void services(String command, String name) throws IOException, InterruptedException {
        String script = ServerTargets.variable("BENCHLAB_SERVICES");
        Path log = dir.resolve("services.log");
        Process p = new ProcessBuilder(script, command, name).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("%s %s %s", script, command, name).isTrue();
        assertThat(p.exitValue()).as("%s %s %s: %s", script, command, name, Files.readString(log)).isZero();
    }

    static RunResult read(Path file) throws IOException {
        assertThat(ResultValidator.validate(Files.readString(file))).as("schema violations").isEmpty();
        return ResultJson.read(file);
    }

    /** One run through the command line: its exit code and output, and the result it wrote. */
    record Run(FaultSuite suite, CliCapture.Outcome outcome, RunResult result) {

        static Run of(FaultSuite suite, CliCapture.Outcome outcome, Path file) throws IOException {
            assertThat(file).as("result written; %s", outcome).exists();
            RunResult r = read(file);
            System.out.println("[" + suite.service() + "] " + r.status().json() + " " + r.cause() + " " + r.warnings());
            return new Run(suite, outcome, r);
        }

        List<String> codes() {
            return result.warnings().stream().map(Warning::code).toList();
        }

        Warning warning(String code) {
            return result.warnings().stream().filter(w -> w.code().equals(code)).findFirst().orElseThrow();
        }

        String summary() {
            return outcome.out();
        }

        /** The status, and the exit code --strict gives it (1 with any warning). */
        void assertStatus(String status, int strictExit) {
            assertThat(result.status().json()).as("status; cause %s", result.cause()).isEqualTo(status);
            int expected = status.equals("ok") && result.warnings().isEmpty() ? ExitCodes.OK : strictExit;
            assertThat(outcome.exitCode()).as("exit code; %s", outcome).isEqualTo(expected);
            result.warnings().forEach(w -> assertThat(summary()).contains("WARNING            " + w.code() + ": "));
        }

        /** The verdict is ok, and the database's own sums and history count say the same as the result. */
        void assertConsistentAndTheDatabaseAgrees(long historyBefore) throws Exception {
            Consistency c = result.consistency();
            assertThat(c.checked()).isTrue();
            assertThat(c.ok()).as(c.message()).isTrue();
            Sums db = suite.sums();
            assertThat(db.match()).as("the database's own sums: %s", db).isTrue();
            assertThat(db).isEqualTo(c.after());
            assertThat(db.historyRows() - historyBefore).as("history rows added (in doubt %d)", c.inDoubt())
                    .isEqualTo(c.historyRowsAdded())
                    .isBetween(c.committedTotal(), c.committedTotal() + c.inDoubt());
        }
    }
}
