package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.metrics.WorkerMetrics;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A database that stops answering: another session holds branch 1 (every transaction of scale 1
 * updates it). Statements past --statement-timeout are cancelled and counted as timeouts, so the
 * run keeps its planned length; a stop ends the run within 5 s whatever the lock does.
 */
class StallTest {

    /** How long the stall test holds branch 1's lock. */
    private static final long LOCK_HELD_MS = 8000;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hsqldb", "h2", "derby"})
    void aStatementPastTheTimeoutFailsAsATimeoutAndTheRunKeepsItsLength(String engine) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        CountDownLatch measuring = new CountDownLatch(1);
        Benchmark benchmark = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(2)
                .warmup(Duration.ofMillis(300)).duration(Duration.ofSeconds(3)).interval(Duration.ofMillis(250))
                .statementTimeout(Duration.ofMillis(500)).build(), EmbeddedRuns.countDownOnMeasuredInterval(measuring));
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        try (Connection blocker = target.connect()) {
            Future<RunResult> run = background.submit(benchmark::run);
            assertThat(measuring.await(60, TimeUnit.SECONDS)).as("measured phase started").isTrue();
            lockBranchOne(blocker);
            // Held well past the run's end: only the timeout can free the clients. Then released, for
            // the after-run check, which Derby's read locks make wait for it.
            Thread.sleep(LOCK_HELD_MS);
            blocker.rollback();
            r = run.get(30, TimeUnit.SECONDS);
        } finally {
            background.shutdownNow();
            EmbeddedRuns.dispose(target);
        }
        Figures f = r.figures();
        assertThat(f.failuresByCause()).as("failed tries by cause").containsKey(WorkerMetrics.TIMEOUT);
        assertThat(f.failed()).isPositive();
        assertThat(LatencySummary.decode(f.failedLatency().histogram()).getMinValue() / 1e6)
                .as("cancelled no sooner than the timeout, ms; failures %s, intervals %s", f.failuresByCause(),
                        r.intervals()).isGreaterThanOrEqualTo(500.0);
        // Nominally 1.5 s (the timeout, then the abort a second later); a loaded build machine has taken
        // 3.75 s. Still well before the lock was let go, so it was the timeout that ended them.
        assertThat(f.failedLatency().maxMs()).as("and long before the lock was let go")
                .isLessThan(LOCK_HELD_MS - 3000.0);
        assertThat(f.seconds()).as("measured phase: 3 s plus at most one timeout and its abort").isLessThan(3 + 0.5 + 1.5);
        assertThat(r.warnings()).extracting(Warning::code).contains("statement_timeouts", "zero_tps");
        assertThat(r.status().json()).as("cause %s", r.cause()).isEqualTo("ok");
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        EmbeddedRuns.assertValid(r);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hsqldb", "h2", "derby"})
    void aStopEndsTheRunWithinFiveSecondsWhileTheClientsWaitOnALock(String engine) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        CountDownLatch measuring = new CountDownLatch(1);
        Benchmark benchmark = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(4)
                .warmup(Duration.ofMillis(300)).duration(Duration.ofSeconds(60)).interval(Duration.ofMillis(250))
                .statementTimeout(Duration.ZERO).build(), EmbeddedRuns.countDownOnMeasuredInterval(measuring));
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        long stopToResult;
        try (Connection blocker = target.connect()) {
            Future<RunResult> run = background.submit(benchmark::run);
            assertThat(measuring.await(60, TimeUnit.SECONDS)).as("measured phase started").isTrue();
            lockBranchOne(blocker);
            Thread.sleep(1000); // every client is waiting on the lock by now
            long stopped = System.nanoTime();
            benchmark.stop();
            r = run.get(30, TimeUnit.SECONDS);
            stopToResult = System.nanoTime() - stopped;
            blocker.rollback();
        } finally {
            background.shutdownNow();
            EmbeddedRuns.dispose(target);
        }
        assertThat(stopToResult).as("stop to result, ns").isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(r.status().json()).isEqualTo("interrupted");
        assertThat(r.figures().committed()).isPositive();
        EmbeddedRuns.assertValid(r);
    }

    private static void lockBranchOne(Connection blocker) throws Exception {
        blocker.setAutoCommit(false);
        try (Statement s = blocker.createStatement()) {
            s.executeUpdate("UPDATE branches SET bbalance = bbalance WHERE bid = 1");
        }
    }
}
