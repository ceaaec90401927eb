package io.benchlab.runner.driver;

import io.benchlab.results.IntervalPoint;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.metrics.MemoryWatcher;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.RunMetrics;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs the clients: a warm-up, then one or more measured rounds. The calling thread is the
 * collector: every interval it drains the clients' metrics, hands the interval to the sinks
 * and adds it into the round total. Clients keep their connections across rounds.
 */
public final class Driver {

    private final Target target;
    private final WorkloadConfig config;
    private final ResultSink sink;
    private final long intervalNanos;
    private volatile boolean stop;

    public Driver(Target target, WorkloadConfig config, ResultSink sink) {
        this.target = target;
        this.config = config;
        this.sink = sink;
        this.intervalNanos = config.interval().toNanos();
    }

    /** Asks the clients to finish their current transaction and stop; safe from any thread. */
    public void stop() {
        stop = true;
    }

    public DriverOutcome run() throws SQLException, InterruptedException {
        List<Worker> workers = new ArrayList<>();
        RunMetrics metrics = new RunMetrics();
        SplittableRandom seeds = new SplittableRandom(config.seed());
        ExecutorService pool = Executors.newFixedThreadPool(config.clients(), clientThreads());
        try (MemoryWatcher memory = new MemoryWatcher(Defaults.MEMORY_SAMPLE_EVERY)) {
            for (int i = 0; i < config.clients(); i++) {
                // Each client's stream is the i-th split of the seed: reproducible, never shared.
                Worker worker = new Worker(i, target, config, seeds.split(), metrics.worker());
                workers.add(worker);
                worker.open();
            }
            List<RoundOutcome> rounds = new ArrayList<>();
            List<IntervalPoint> intervals = new ArrayList<>();
            for (int round = 1; round <= config.rounds() && !stop; round++) {
                // Settle the heap first, as JMH and the seeds' TestBench do, so that the load's
                // or the previous round's garbage is not collected on this round's clock.
                System.gc();
                RoundPlan plan = plan(round);
                rounds.add(runRound(round, plan, workers, metrics, pool, memory, intervals));
            }
            long warmupCommitted = metrics.warmupCommittedCount();
            long warmupFailed = metrics.warmupFailedCount();
            String firstError = workers.stream().map(Worker::firstError).filter(e -> e != null)
                    .findFirst().orElse(null);
            long inDoubt = metrics.inDoubtCount();
            return new DriverOutcome(config.warmup().toNanos() / 1e9, warmupCommitted, warmupFailed,
                    rounds, intervals, stop, firstError, inDoubt);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(10, TimeUnit.SECONDS);
            workers.forEach(Worker::close);
        }
    }

    private RoundPlan plan(int round) {
        long start = System.nanoTime();
        long warmup = round == 1 ? config.warmup().toNanos() : 0;
        long measuredStart = start + warmup;
        long end = config.duration() == null ? RoundPlan.NO_END : measuredStart + config.duration().toNanos();
        long transactions = config.transactionsPerClient() == null ? Long.MAX_VALUE : config.transactionsPerClient();
        long period = config.rateTps() == null ? 0
                : Math.max(1, Math.round(1e9 * config.clients() / config.rateTps()));
        return new RoundPlan(start, measuredStart, end, transactions, period);
    }

    private RoundOutcome runRound(int round, RoundPlan plan, List<Worker> workers, RunMetrics metrics,
                                  ExecutorService pool, MemoryWatcher memory, List<IntervalPoint> intervals)
            throws InterruptedException {
        CountDownLatch done = new CountDownLatch(workers.size());
        AtomicLong lastFinish = new AtomicLong(plan.start());
        List<Future<?>> futures = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            Worker worker = workers.get(i);
            // Under --rate the clients' schedules are staggered evenly across one period.
            long offset = plan.periodNanos() * i / workers.size();
            futures.add(pool.submit(() -> {
                try {
                    worker.run(plan, offset, () -> stop);
                } finally {
                    lastFinish.accumulateAndGet(System.nanoTime(), Math::max);
                    done.countDown();
                }
            }));
        }
        warmUp(plan, metrics, done);
        memory.reset();
        PhaseTotals total = new PhaseTotals();
        PhaseTotals interval = new PhaseTotals();
        long tick = plan.measuredStart();
        while (!done.await(Math.max(0, tick + intervalNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            long now = System.nanoTime();
            interval(round, plan, metrics, interval, tick, now, total, intervals);
            tick = now;
        }
        long roundEnd = Math.max(lastFinish.get(), plan.measuredStart());
        if (roundEnd - tick > 0) {
            interval(round, plan, metrics, interval, tick, roundEnd, total, intervals);
        }
        rethrowClientFailure(futures);
        return new RoundOutcome(round, (roundEnd - plan.measuredStart()) / 1e9, total, memory.max(), memory.min());
    }

    private void warmUp(RoundPlan plan, RunMetrics metrics, CountDownLatch done) throws InterruptedException {
        long tick = plan.start();
        long before = 0;
        while (System.nanoTime() - plan.measuredStart() < 0) {
            long wake = Math.min(tick + intervalNanos, plan.measuredStart());
            if (done.await(Math.max(0, wake - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                return;
            }
            long now = System.nanoTime();
            long committed = metrics.warmupCommittedCount();
            double seconds = (now - tick) / 1e9;
            sink.onInterval(Phase.WARMUP, new IntervalPoint(1, (now - plan.start()) / 1e9, seconds,
                    committed - before, 0, 0, (committed - before) / seconds, 0, 0, 0));
            before = committed;
            tick = now;
        }
    }

    private void interval(int round, RoundPlan plan, RunMetrics metrics, PhaseTotals interval, long from, long to,
                          PhaseTotals total, List<IntervalPoint> intervals) {
        interval.reset();
        metrics.drainInto(interval);
        total.add(interval);
        double seconds = (to - from) / 1e9;
        IntervalPoint point = new IntervalPoint(round, LatencySummary.round3((to - plan.measuredStart()) / 1e9),
                LatencySummary.round3(seconds), interval.committed(), interval.failed(), interval.retried(),
                LatencySummary.round3(interval.committed() / seconds),
                LatencySummary.ms(interval.transactions().getValueAtPercentile(50)),
                LatencySummary.ms(interval.transactions().getValueAtPercentile(99)),
                LatencySummary.ms(interval.transactions().getMaxValue()));
        intervals.add(point);
        sink.onInterval(Phase.MEASURED, point);
    }

    private static void rethrowClientFailure(List<Future<?>> futures) throws InterruptedException {
        for (Future<?> f : futures) {
            try {
                f.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("client failed: " + e.getCause(), e.getCause());
            }
        }
    }

    private static java.util.concurrent.ThreadFactory clientThreads() {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, "benchlab-client-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
    }
}
