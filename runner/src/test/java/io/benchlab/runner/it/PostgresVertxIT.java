package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Every check of {@link PostgresIT} (the engine contract, the restarts, the accounting
 * closure, the split over client pods) with the clients on Vert.x's PostgreSQL client
 * ({@code --driver vertx}) instead of pgjdbc, and the honesty rules of --rate on its event loop.
 */
class PostgresVertxIT extends PostgresIT {

    @Override
    TestWorkload config() {
        return super.config().driver(ClientDriver.VERTX);
    }

    @Test
    @Order(9)
    void theResultSaysWhichDriverRan() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, config().clients(3).build());
        ServerRuns.assertHealthy(r);
        assertThat(r.knobs().driver()).isEqualTo("vertx");
    }

    /**
     * Coordinated omission, as {@code RateTest} checks it in-process: a 1 s lock on branch 1
     * (every transaction at scale 1 updates it) stalls both clients, whose next starts come due on
     * the event loop's timer meanwhile. Latency counts from each intended start, so those
     * transactions carry their wait, and the backlog is served, not skipped.
     */
    @Test
    @Order(10)
    void underARateAStallIsChargedToTheTransactionsScheduledDuringIt() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        CountDownLatch measuring = new CountDownLatch(1);
        ResultSink sink = new ResultSink() {
            @Override
            public void onInterval(Phase phase, io.benchlab.results.IntervalPoint point) {
                if (phase == Phase.MEASURED) {
                    measuring.countDown();
                }
            }
        };
        Benchmark benchmark = ServerRuns.benchmark(target, config().clients(2).rate(100)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(3)).interval(Duration.ofMillis(100))
                .build(), sink);
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        long heldNanos;
        try {
            Future<RunResult> run = background.submit(benchmark::run);
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
        }
        assertThat(heldNanos).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1000));
        ServerRuns.assertHealthy(r);
        Figures f = r.figures();
        assertThat(f.latency().maxMs()).as("the transaction due as the lock was taken").isGreaterThanOrEqualTo(800.0);
        assertThat(f.latency().p99Ms()).as("the stall shows in p99").isGreaterThanOrEqualTo(800.0);
        // About 100 starts fell in the stall, their waits from ~1 s down to 0; timed from their actual
        // start, only 2 (one a client) would be slow.
        assertThat(f.latency().p90Ms()).isGreaterThanOrEqualTo(250.0);
        assertThat(f.committed()).as("the backlog served: about rate x duration").isBetween(270L, 330L);
    }

    /**
     * A rate far beyond the server: the measured phase ends on time plus the schedule's grace, the
     * starts that never came are counted, and the warm-up's backlog is dropped, not timed.
     */
    @Test
    @Order(11)
    void overCapacityTheMeasuredPhaseEndsOnTimeAndCountsWhatNeverStarted() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, config().clients(2).rate(1_000_000).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).interval(Duration.ofMillis(250)).build());
        ServerRuns.assertOkAndConsistent(r);
        Figures f = r.figures();
        double grace = Defaults.SCHEDULE_GRACE.toNanos() / 1e9;
        assertThat(f.seconds()).as("measured phase length").isBetween(1.0, 1.0 + grace + 0.5);
        assertThat(f.latency().maxMs()).as("no measured transaction carries the warm-up's backlog")
                .isLessThan((1.0 + grace + 0.5) * 1000);
        assertThat(r.warmup().missedStarts()).as("warm-up backlog dropped").isPositive();
        Schedule s = f.schedule();
        assertThat(s.scheduled()).as("the whole second's schedule").isBetween(999_000L, 1_001_000L);
        assertThat(s.missedStarts()).isEqualTo(s.scheduled() - f.committed() - f.failed()).isPositive();
    }
}
