package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.Benchmark;
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

/**
 * Coordinated omission, tried on any engine and driver: 2 clients at 100 tps for 3 s (scale 1,
 * so every transaction updates branch 1) while another session holds branch 1's row for a
 * second, 0.4 s into the measured phase. Latency counts from the intended starts, so the
 * transactions scheduled during the stall carry their wait, and the backlog is served afterwards
 * instead of being skipped.
 */
public final class BranchStall {

    private final CountDownLatch measuring = new CountDownLatch(1);

    /** The workload of the stall, on {@code base}'s engine and driver. */
    public static TestWorkload workload(TestWorkload base) {
        return base.clients(2).rate(100).warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(3))
                .interval(Duration.ofMillis(100));
    }

    /** The sink the benchmark runs with: it tells when the measured phase has begun. */
    public ResultSink sink() {
        return new ResultSink() {
            @Override
            public void onInterval(Phase phase, IntervalPoint point) {
                if (phase == Phase.MEASURED) {
                    measuring.countDown();
                }
            }
        };
    }

    /** Runs {@code benchmark} (made with {@link #sink}) and holds the lock meanwhile, on a connection of {@code target}'s. */
    public RunResult run(Benchmark benchmark, Target target) throws Exception {
        ExecutorService background = Executors.newSingleThreadExecutor();
        try {
            Future<RunResult> run = background.submit(benchmark::run);
            // The first measured interval arrives ~0.1 s into the measured phase, whatever the load took.
            assertThat(measuring.await(60, TimeUnit.SECONDS)).as("measured phase started").isTrue();
            Thread.sleep(400);
            long heldNanos;
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
            assertThat(heldNanos).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(1000));
            return run.get(60, TimeUnit.SECONDS);
        } finally {
            background.shutdownNow();
        }
    }

    /** What the stall must show in a run's figures. */
    public static void assertChargedToTheScheduledTransactions(RunResult r) {
        Figures f = r.figures();
        assertThat(f.latency().maxMs()).as("the transaction due as the lock was taken").isGreaterThanOrEqualTo(800.0);
        assertThat(f.latency().p99Ms()).as("the stall shows in p99").isGreaterThanOrEqualTo(800.0);
        // About 100 starts fell in the stall, their waits from ~1 s down to 0; timed from their
        // actual start, only 2 (one a client) would be slow.
        assertThat(f.latency().p90Ms()).isGreaterThanOrEqualTo(250.0);
        assertThat(f.committed()).as("the backlog served: about rate x duration").isBetween(270L, 330L);
        assertThat(r.intervals().stream().mapToDouble(IntervalPoint::maxMs).max().orElse(0))
                .isGreaterThanOrEqualTo(800.0);
    }
}
