package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.Benchmark;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** Benchmark.stop() ends a run early and still yields a complete, honest result. */
class InterruptionTest {

    @Test
    void stopDuringTheMeasuredPhaseGivesAnInterruptedButConsistentResult() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        CountDownLatch measuring = new CountDownLatch(1);
        ResultSink sink = EmbeddedRuns.countDownOnMeasuredInterval(measuring);
        Benchmark benchmark = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(2)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(30))
                .interval(Duration.ofMillis(250)).build(), sink);
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        long stopToReturnNanos;
        try {
            Future<RunResult> run = background.submit(benchmark::run);
            assertThat(measuring.await(60, TimeUnit.SECONDS)).as("measured phase started").isTrue();
            Thread.sleep(1250);
            long stopped = System.nanoTime();
            benchmark.stop();
            r = run.get(20, TimeUnit.SECONDS);
            stopToReturnNanos = System.nanoTime() - stopped;
        } finally {
            background.shutdownNow();
            EmbeddedRuns.dispose(target);
        }
        assertThat(stopToReturnNanos).as("returns promptly after stop")
                .isLessThan(TimeUnit.SECONDS.toNanos(5));
        assertThat(r.status().json()).isEqualTo("interrupted");
        assertThat(r.cause()).isNotBlank().startsWith("interrupted");
        EmbeddedRuns.assertValid(r);

        // What was measured up to the stop is kept.
        assertThat(r.figures()).isNotNull();
        assertThat(r.figures().committed()).isPositive();
        assertThat(r.figures().seconds()).isBetween(1.0, 10.0);
        assertThat(r.figures().latency().count()).isEqualTo(r.figures().committed());
        assertThat(r.rounds()).hasSize(1);
        assertThat(EmbeddedRuns.sumCommitted(r.intervals(), 1)).isEqualTo(r.figures().committed());

        // Clients finished their transactions before stopping, so the data is consistent.
        assertThat(r.consistency()).isNotNull();
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.consistency().committedTotal()).isEqualTo(r.warmup().committed() + r.figures().committed());
    }

    /** A stop in the warm-up that lasts until the client is warm: the warm-up's commits are kept and checked, nothing is measured. */
    @Test
    void stopDuringASettlingWarmupKeepsItsCommitsAndMeasuresNothing() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        CountDownLatch warming = new CountDownLatch(2);
        ResultSink sink = new ResultSink() {
            @Override
            public void onInterval(Phase phase, IntervalPoint point) {
                if (phase == Phase.WARMUP) {
                    warming.countDown();
                }
            }
        };
        Benchmark benchmark = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(2)
                .set("warmup", null).duration(Duration.ofSeconds(30)).interval(Duration.ofMillis(250)).build(), sink);
        ExecutorService background = Executors.newSingleThreadExecutor();
        RunResult r;
        try {
            Future<RunResult> run = background.submit(benchmark::run);
            assertThat(warming.await(60, TimeUnit.SECONDS)).as("warming up").isTrue();
            benchmark.stop();
            r = run.get(20, TimeUnit.SECONDS);
        } finally {
            background.shutdownNow();
            EmbeddedRuns.dispose(target);
        }
        assertThat(r.status().json()).isEqualTo("interrupted");
        EmbeddedRuns.assertValid(r);
        assertThat(r.warmup().ended()).isEqualTo("stopped");
        assertThat(r.warmup().seconds()).as("stopped half a second in, before the 5 s it lasts at least").isLessThan(5.0);
        assertThat(r.warmup().committed()).isPositive();
        assertThat(r.intervals()).isEmpty();
        long measured = r.figures() == null ? 0 : r.figures().committed();
        assertThat(measured).isZero();
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.consistency().committedTotal()).isEqualTo(r.warmup().committed());
    }

    /** A stop that lands while the data is still loading is an interruption too, not a failure. */
    @Test
    void stopDuringTheLoadGivesAnInterruptedResult() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        AtomicReference<Benchmark> self = new AtomicReference<>();
        // The loader reports its progress from inside the load: stop right there.
        Benchmark benchmark = new Benchmark(target, EmbeddedRuns.config().clients(2)
                .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(30)).build(),
                "test-stop-during-load", io.benchlab.results.Placement.of("embedded"), new ResultSink() { },
                (table, done, total, seconds) -> self.get().stop());
        self.set(benchmark);
        long started = System.nanoTime();
        RunResult r;
        try {
            r = benchmark.run();
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertThat(System.nanoTime() - started).as("never ran the 30 s").isLessThan(TimeUnit.SECONDS.toNanos(20));
        assertThat(r.status().json()).as("cause: %s", r.cause()).isEqualTo("interrupted");
        assertThat(r.cause()).isNotBlank().startsWith("interrupted");
        assertThat(r.figures()).isNull();
        assertThat(r.rounds()).isEmpty();
        EmbeddedRuns.assertValid(r);
    }
}
