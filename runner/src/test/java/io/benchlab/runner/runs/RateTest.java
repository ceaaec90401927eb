package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Benchmark;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** --rate paces the clients, and latency under a rate counts from each intended start. */
class RateTest {

    /** The one speed assertion of the suite: 400 tps is far below what every engine can do here. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"hsqldb", "h2", "derby"})
    void achievedRateMatchesTheTarget(String engine) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(4).rate(400)
                    .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(3)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        assertThat(r.knobs().rateTps()).isEqualTo(400.0);
        Figures f = r.figures();
        assertThat(f.tps()).isCloseTo(400.0, within(20.0));
        // 3 s at 400 tps: the schedule, not the engine's speed, sets the count.
        assertThat(f.committed()).isBetween(1140L, 1260L);
    }

    /**
     * Coordinated omission: a 1 s lock on branch 1 (every transaction of scale 1 updates it)
     * stalls both clients. Latency counts from the intended start, so the transactions queued
     * behind the stall carry their waiting time, and the backlog is served afterwards instead of
     * being skipped.
     */
    @Test
    void stallIsChargedToTheTransactionsScheduledDuringIt() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        CountDownLatch measuring = new CountDownLatch(1);
        ResultSink sink = EmbeddedRuns.countDownOnMeasuredInterval(measuring);
        Benchmark benchmark = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(2).rate(100)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(3))
                .interval(Duration.ofMillis(100)).build(), sink);
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        long heldNanos;
        try {
            Future<RunResult> run = background.submit(benchmark::run);
            // The first measured interval arrives ~0.1 s into the measured phase, whatever the load took.
            assertThat(measuring.await(60, TimeUnit.SECONDS)).as("measured phase started").isTrue();
            Thread.sleep(400);
            try (Connection blocker = target.connect()) {
                blocker.setAutoCommit(false);
                try (Statement s = blocker.createStatement()) {
                    s.executeUpdate("UPDATE branches SET bbalance = bbalance WHERE bid = 1");
                }
                long locked = System.nanoTime();
                Thread.sleep(1000);
                blocker.rollback();
                heldNanos = System.nanoTime() - locked;
            }
            r = run.get(60, TimeUnit.SECONDS);
        } finally {
            background.shutdownNow();
            EmbeddedRuns.dispose(target);
        }
        assertThat(heldNanos).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1000));
        assertHealthy(r);
        Figures f = r.figures();

        // The transaction scheduled just as the lock was taken waited the whole second.
        assertThat(f.latency().maxMs()).isGreaterThanOrEqualTo(800.0);
        // About 100 transactions were scheduled during the stall, with waits from ~1 s down to 0;
        // with latency timed from the actual start only 2 (one per client) would be slow.
        assertThat(f.latency().p90Ms()).isGreaterThanOrEqualTo(250.0);
        // The backlog was served, not skipped: still about rate x duration transactions.
        assertThat(f.committed()).isBetween(270L, 330L);
        assertThat(r.intervals().stream().mapToDouble(IntervalPoint::maxMs).max().orElse(0))
                .isGreaterThanOrEqualTo(800.0);
    }
}
