package io.benchlab.runner.driver;

import io.benchlab.results.IntervalPoint;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.workload.tpcb.LoadProfile;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import io.benchlab.runner.metrics.EdenPretouch;
import io.benchlab.runner.metrics.IntervalSummary;
import io.benchlab.runner.metrics.JitCpu;
import io.benchlab.runner.metrics.JitQuiet;
import io.benchlab.runner.metrics.MemoryWatcher;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.ProcessCpu;
import io.benchlab.runner.metrics.RunMetrics;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.RunEvent;
import io.benchlab.runner.workload.tpcb.PartialLedger;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Runs the clients: a warm-up, then one or more measured rounds. The calling thread is the
 * collector: every interval it drains the clients' metrics, hands the interval to the sinks
 * and adds it into the round total. Clients keep their connections across rounds.
 *
 * <p>A stop cancels every call in flight (see {@link Watchdog}); clients that still have not
 * returned {@link #STOP_WAIT} later are left behind, so a stop ends the run in bounded time
 * whatever the database does.
 */
public final class Driver {

    /** How long after a stop the collector waits for clients: the cancel, the abort, and a second for both. */
    static final Duration STOP_WAIT = Defaults.ABORT_AFTER_CANCEL.plusSeconds(1);

    /**
     * A settling warm-up's measured start lies this far after the read that ended it. A client
     * classes a transaction by its start against the plan it reads just after; were the start
     * the read's own instant, a transaction starting between the read and the plan's publication
     * would be counted as warm-up. This margin outlasts that gap unless the collector is held off
     * the CPU for longer.
     */
    static final Duration SETTLE_MARGIN = Duration.ofMillis(100);

    /** The clients' clock, which the collector reads intervals by: one clock for every reading here. */
    private final Ticker clock = Ticker.SYSTEM;
    private final Target target;
    private final WorkloadConfig config;
    private final ResultSink sink;
    private final ClientPods pods;
    /** The rate the schedule offers, round by round: it paces the clients and is recorded with each interval. */
    private final LoadProfile profile;
    private final long intervalNanos;
    /** One wall-clock reading and the nano clock at it: every event's instant is on this one line. */
    private final Instant wallAnchor = Instant.now();
    private final long nanoAnchor = clock.nanos();
    private volatile boolean stop;
    private volatile long stoppedAt;
    private volatile Watchdog watchdog;
    private RoundGate roundGate = round -> { };
    /**
     * The warm-up's timings, recorded as the measured phase's are and drained and summed up by the
     * collector at each warm-up read, then thrown away: the collector's measured path (the
     * recorders' phaser, the histograms' adding and percentiles) is compiled by the measured
     * start too. Without it, a settled warm-up on embedded HSQLDB left 2.6% of the client's CPU
     * to the JIT in the measured phase.
     */
    private final RunMetrics rehearsal = new RunMetrics();
    private final PhaseTotals rehearsed = new PhaseTotals();
    private final PhaseTotals rehearsedTotal = new PhaseTotals();
    private volatile Instant measuredStart;
    private double warmupSeconds;
    private WarmupSettle.Ended warmupEnded;

    /** Entered before each round starts its clock; a gate that blocks holds the round back (client pods meet there). */
    @FunctionalInterface
    public interface RoundGate {
        void enter(int round) throws SQLException, InterruptedException;
    }

    public Driver(Target target, WorkloadConfig config, ResultSink sink) {
        this(target, config, sink, ClientPods.ALONE);
    }

    /** A driver of PODS' share of the run's clients: the clients are numbered, seeded and paced run-wide. */
    public Driver(Target target, WorkloadConfig config, ResultSink sink, ClientPods pods) {
        this.target = target;
        this.config = config;
        this.sink = sink;
        this.pods = pods;
        this.profile = config.profile();
        this.intervalNanos = config.interval().toNanos();
    }

    /** Refuses, before anything starts, a target that DRIVER cannot connect to as it is given. */
    public static void requireReachableBy(ClientDriver driver, Target target) {
        if (driver == ClientDriver.VERTX) {
            VertxClients.requireReachable(target);
        }
    }

    /** Runs before each round, once every client has connected; not after a stop. */
    public void beforeEachRound(RoundGate gate) {
        this.roundGate = gate;
    }

    /** When the first round's measured phase began on the wall clock; null before it did. */
    public Instant measuredStart() {
        return measuredStart;
    }

    /** Stops the run: calls in flight are cancelled, clients stop; safe from any thread. */
    public void stop() {
        stoppedAt = clock.nanos();
        stop = true;
        Watchdog w = watchdog;
        if (w != null) {
            w.stopAll();
        }
    }

    public DriverOutcome run() throws SQLException, InterruptedException {
        RunMetrics metrics = new RunMetrics();
        PartialLedger partials = new PartialLedger();
        SplittableRandom seeds = new SplittableRandom(config.seed());
        List<Client> workers = new ArrayList<>();
        int first = pods.firstClient(config.clients());
        int share = pods.share(config.clients());
        VertxClients vertx = config.driver() == ClientDriver.VERTX ? new VertxClients(target, share) : null;
        for (int i = 0; i < first + share; i++) {
            // Each client's stream is the i-th split of the seed: reproducible, never shared, on any pod.
            SplittableRandom stream = seeds.split();
            if (i >= first) {
                workers.add(vertx == null ? new Worker(i, target, config, stream, metrics.worker(), rehearsal.worker(),
                        partials) : new VertxClient(i, target, config, vertx, stream, metrics.worker(), rehearsal.worker()));
            }
        }
        ExecutorService pool = Executors.newFixedThreadPool(share, clientThreads());
        try (MemoryWatcher memory = new MemoryWatcher(Defaults.MEMORY_SAMPLE_EVERY);
             Watchdog dog = new Watchdog(workers.stream().map(Client::guard).toList(), config.statementTimeout())) {
            watchdog = dog;
            if (stop) {
                dog.stopAll();
            }
            open(workers, pool);
            List<RoundOutcome> rounds = new ArrayList<>();
            List<IntervalPoint> intervals = new ArrayList<>();
            if (config.warmupSettles() || !config.warmup().isZero()) {
                EdenPretouch.touch();
            }
            for (int round = 1; round <= config.rounds() && !stop; round++) {
                settleBeforeRound();
                roundGate.enter(round);
                if (stop) {
                    break;
                }
                if (round == 1 && settlesAlone()) {
                    warmUpRound(workers, metrics, pool);
                    if (stop) {
                        break;
                    }
                    settleBeforeRound();
                }
                RoundPlan plan = plan(round);
                rounds.add(runRound(round, plan, workers, metrics, pool, memory, intervals));
            }
            String firstError = workers.stream().map(Client::firstError).filter(e -> e != null)
                    .findFirst().orElse(null);
            return new DriverOutcome(warmupSeconds, warmupEnded == null ? null : warmupEnded.label(),
                    rehearsal.committedCount(), metrics.warmupFailedCount(), metrics.warmupMissedStartsCount(),
                    rounds, intervals, stop, firstError, metrics.inDoubtCount(), partials);
        } finally {
            pool.shutdownNow();
            boolean allReturned = pool.awaitTermination(stop ? 100 : 10_000, TimeUnit.MILLISECONDS);
            // A client still inside a call must not be closed under it (a driver may block on
            // its lock): its connection is aborted instead.
            workers.forEach(allReturned ? Client::close : Client::abort);
            if (vertx != null) {
                vertx.close();
            }
        }
    }

    /** Opens every client's connection, in parallel on the client threads; a stop does not wait for them. */
    private void open(List<Client> workers, ExecutorService pool) throws SQLException, InterruptedException {
        List<Future<?>> opening = new ArrayList<>();
        for (Client w : workers) {
            opening.add(pool.submit(() -> {
                w.open();
                return null;
            }));
        }
        for (Future<?> f : opening) {
            while (true) {
                try {
                    f.get(IntervalReporter.POLL_NANOS, TimeUnit.NANOSECONDS);
                    break;
                } catch (TimeoutException stillOpening) {
                    if (leftBehind()) {
                        return;
                    }
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof SQLException sql) {
                        throw sql;
                    }
                    throw new IllegalStateException("client failed to open: " + e.getCause(), e.getCause());
                }
            }
        }
    }

    /** True once a stop has waited {@link #STOP_WAIT} for the clients: what has not returned is left behind. */
    private boolean leftBehind() {
        return stop && clock.nanos() - stoppedAt > STOP_WAIT.toNanos();
    }

    /**
     * Settles the heap, as JMH and the seeds' TestBench do, so that the load's or the previous
     * round's garbage is not collected on the next round's clock; and the JIT, so that what the
     * last round's end set it compiling is not compiled on it.
     */
    private static void settleBeforeRound() throws InterruptedException {
        System.gc();
        JitQuiet.await();
    }

    /** Without --warmup a lone runner warms up until the client is warm, in a round of its own. */
    private boolean settlesAlone() {
        return config.warmupSettles() && pods.alone();
    }

    /**
     * The round's plan: round 1 warms up; under --rate-steps each later round first settles at its
     * step's rate for --step-settle, and the others start measuring at once. After a lone runner's
     * warm-up round ({@link #warmUpRound}) round 1 warms up {@link Defaults#REWARM} more; client
     * pods cannot each decide alone when they are warm and still start measuring together, so
     * without --warmup they warm up for {@link Defaults#POD_WARMUP_SECONDS}, which they all know
     * before they meet.
     */
    private RoundPlan plan(int round) {
        long start = clock.nanos();
        long period = period(round);
        long warmup = profile.settleBefore(round).toNanos();
        if (round == 1 && settlesAlone()) {
            warmup = Defaults.REWARM.toNanos();
            warmupSeconds += warmup / 1e9;
        } else if (round == 1) {
            warmup = config.warmupSettles() ? Duration.ofSeconds(Defaults.POD_WARMUP_SECONDS).toNanos()
                    : config.warmup().toNanos();
            warmupEnded = config.warmupSettles() ? WarmupSettle.Ended.PODS : WarmupSettle.Ended.EXPLICIT;
            warmupSeconds = warmup / 1e9;
        }
        long measuredStart = start + warmup;
        long end;
        if (config.measuredLength() != null) {
            end = measuredStart + config.measuredLength().toNanos();
        } else {
            long span = countSpan(period);
            end = span == RoundPlan.NO_END ? RoundPlan.NO_END : measuredStart + span;
        }
        long deadline = period > 0 && end != RoundPlan.NO_END ? end + Defaults.SCHEDULE_GRACE.toNanos() : RoundPlan.NO_END;
        return new RoundPlan(start, measuredStart, end, deadline, transactions(), period, ramp());
    }

    private long transactions() {
        return config.transactionsPerClient() == null ? Long.MAX_VALUE : config.transactionsPerClient();
    }

    /** Each client's spacing in ROUND at the rate it starts at (its step's, a ramp's first), run-wide; 0 unpaced. */
    private long period(int round) {
        return profile.paced() ? Math.max(1, Math.round(1e9 * config.clients() / profile.startTps(round))) : 0;
    }

    /** When a ramp's starts are due, shared by the run's clients; null when the rate does not rise. */
    private RampSchedule ramp() {
        return profile.ramped() ? new RampSchedule(profile.startTps(1), profile.slope(), config.clients()) : null;
    }

    /** Count mode: under --rate the schedule of N transactions ends N periods in; unpaced it has no planned end. */
    private long countSpan(long period) {
        double span = (double) transactions() * period;
        return period > 0 && span < Duration.ofDays(365).toNanos() ? (long) span : RoundPlan.NO_END;
    }

    /**
     * A lone runner's warm-up without --warmup: a round whose clients run until they are warm
     * ({@link WarmupSettle}) or the bound comes, and then finish, as at a round's end. Its measured
     * phase is empty: it ends where it starts. So the clients' code has taken a round's end and
     * its next start before round 1, and the JIT's reaction to them (code thrown away and compiled
     * again) falls in round 1's re-warm rather than in a measured round.
     */
    private void warmUpRound(List<Client> workers, RunMetrics metrics, ExecutorService pool)
            throws InterruptedException {
        warmupEnded = null;
        long period = period(1);
        long grace = period == 0 ? RoundPlan.NO_END : Defaults.SCHEDULE_GRACE.toNanos();
        RoundPlan plan = RoundPlan.settling(clock.nanos(), 0, grace, transactions(), period, ramp());
        CountDownLatch done = new CountDownLatch(workers.size());
        AtomicLong lastFinish = new AtomicLong(plan.start());
        WarmupRead warmupRead = new WarmupRead(plan, workers,
                new WarmupSettle(Defaults.WARMUP_MIN_SECONDS, Defaults.WARMUP_MAX_SECONDS));
        List<Future<?>> futures = startClients(plan, workers, pool, done, lastFinish);
        event(RunEvent.Kind.WARMUP, 0, plan.start());
        IntervalReporter reporter = new IntervalReporter(clock, intervalNanos, this::leftBehind);
        reporter.warmUp(plan, done, warmupRead);
        if (!plan.measuring()) {
            // The clients ended or the run stopped before the client was warm.
            plan.measureFrom(clock.nanos());
            settled(plan, WarmupSettle.Ended.STOPPED);
        }
        // Nothing is measured: this waits for the clients to finish, through the collector's measured path.
        PhaseTotals nothing = new PhaseTotals();
        reporter.measure(plan, done, lastFinish::get, (from, to) -> metrics.drainInto(nothing));
        metrics.drainInto(nothing);
        rethrowClientFailure(futures);
    }

    /** Starts every client on PLAN; each counts DONE down and raises LAST_FINISH to its end when it returns. */
    private List<Future<?>> startClients(RoundPlan plan, List<Client> workers, ExecutorService pool,
                                         CountDownLatch done, AtomicLong lastFinish) {
        List<Future<?>> futures = new ArrayList<>();
        for (Client worker : workers) {
            // Under --rate the clients' schedules are staggered evenly across one period, run-wide.
            long offset = plan.periodNanos() * worker.index() / config.clients();
            futures.add(pool.submit(() -> {
                try {
                    worker.run(plan, offset, () -> stop);
                } finally {
                    lastFinish.accumulateAndGet(clock.nanos(), Math::max);
                    done.countDown();
                }
            }));
        }
        return futures;
    }

    private RoundOutcome runRound(int round, RoundPlan plan, List<Client> workers, RunMetrics metrics,
                                  ExecutorService pool, MemoryWatcher memory, List<IntervalPoint> intervals)
            throws InterruptedException {
        CountDownLatch done = new CountDownLatch(workers.size());
        AtomicLong lastFinish = new AtomicLong(plan.start());
        WarmupRead warmupRead = new WarmupRead(plan, workers, null);
        List<Future<?>> futures = startClients(plan, workers, pool, done, lastFinish);
        if (plan.measuredStart() != plan.start()) {
            event(RunEvent.Kind.WARMUP, 0, plan.start());
        }
        // The measured phase's reads are made before the warm-up: a lambda made at the measured
        // start spins its class there, and the JIT compiles the class spinner's code in the round.
        PhaseTotals total = new PhaseTotals();
        PhaseTotals interval = new PhaseTotals();
        LongSupplier lastFinished = lastFinish::get;
        IntervalReporter.Read measuredRead = (from, to) -> interval(round, plan, metrics, interval, from, to, total,
                intervals);
        IntervalReporter reporter = new IntervalReporter(clock, intervalNanos, this::leftBehind);
        reporter.warmUp(plan, done, warmupRead);
        event(RunEvent.Kind.MEASURED, round, plan.measuredStart());
        if (round == 1) {
            measuredStart = wallAnchor.plusNanos(plan.measuredStart() - nanoAnchor);
        }
        memory.reset();
        long cpuAtStart = ProcessCpu.nanos();
        Map<String, Long> jitAtStart = JitCpu.read();
        long roundEnd = reporter.measure(plan, done, lastFinished, measuredRead);
        event(RunEvent.Kind.END, round, roundEnd);
        rethrowClientFailure(futures);
        return new RoundOutcome(round, (roundEnd - plan.measuredStart()) / 1e9, total, memory.snapshot(),
                ProcessCpu.secondsSince(cpuAtStart), JitCpu.secondsSince(jitAtStart));
    }

    /** A settling warm-up ends: its length and why, for the result. */
    private void settled(RoundPlan plan, WarmupSettle.Ended why) {
        warmupEnded = why;
        warmupSeconds = (plan.measuredStart() - plan.start()) / 1e9;
    }

    /**
     * The warm-up's reads: its commits since the last read, to the sinks only (the result keeps its
     * total). For a settling plan each read also goes to the settle rule with the process's and
     * the JIT's CPU in it; once the rule ends the warm-up, the measured phase starts
     * {@link #SETTLE_MARGIN} later.
     */
    private final class WarmupRead implements IntervalReporter.Read {
        private final RoundPlan plan;
        private final List<Client> workers;
        private final WarmupSettle settle;
        /**
         * The warm-up commits counted before this plan's reads: a run's rehearsal counts on across
         * its warm-ups. Made before the clients start, or their first commits would count in none.
         */
        private long before = rehearsal.committedCount();
        private long cpuBefore = ProcessCpu.nanos();
        private Map<String, Long> jitBefore = JitCpu.read();

        WarmupRead(RoundPlan plan, List<Client> workers, WarmupSettle settle) {
            this.plan = plan;
            this.workers = workers;
            this.settle = settle;
        }

        @Override
        public void interval(long from, long to) {
            // What a round's start does to the clients' threads, so that the JIT has seen it before a measured one.
            workers.forEach(Client::rehearseRoundStart);
            rehearsed.reset();
            rehearsal.drainInto(rehearsed);
            rehearsedTotal.reset();
            rehearsedTotal.add(rehearsed);
            IntervalSummary.of(0, (to - plan.start()) / 1e9, (to - from) / 1e9, rehearsed, profile.offeredAt(1, 0));
            long committed = rehearsal.committedCount();
            sink.onInterval(Phase.WARMUP, IntervalPoint.warmup((to - plan.start()) / 1e9, (to - from) / 1e9,
                    committed - before));
            if (settle != null && !plan.measuring()) {
                Map<String, Long> jit = JitCpu.read();
                WarmupSettle.Ended why = settle.add(new WarmupSettle.Reading((to - from) / 1e9, committed - before,
                        ProcessCpu.secondsSince(cpuBefore), JitCpu.secondsBetween(jitBefore, jit)));
                cpuBefore = ProcessCpu.nanos();
                jitBefore = jit;
                if (why != null) {
                    plan.measureFrom(clock.nanos() + SETTLE_MARGIN.toNanos());
                    settled(plan, why);
                }
            }
            before = committed;
        }
    }

    private void interval(int round, RoundPlan plan, RunMetrics metrics, PhaseTotals interval, long from, long to,
                          PhaseTotals total, List<IntervalPoint> intervals) {
        interval.reset();
        metrics.drainInto(interval);
        total.add(interval);
        double middle = ((from - plan.measuredStart()) + (to - plan.measuredStart())) / 2e9;
        IntervalPoint point = IntervalSummary.of(round, (to - plan.measuredStart()) / 1e9, (to - from) / 1e9, interval,
                profile.offeredAt(round, middle));
        intervals.add(point);
        sink.onInterval(Phase.MEASURED, point);
    }

    /** A phase boundary at a point of the nano clock, to the sinks with its wall-clock instant. */
    private void event(RunEvent.Kind kind, int round, long nanos) {
        sink.onEvent(new RunEvent(kind, round, wallAnchor.plusNanos(nanos - nanoAnchor)));
    }

    /** A client that threw (a bug, not a database error: those are counted) fails the run. */
    private static void rethrowClientFailure(List<Future<?>> futures) throws InterruptedException {
        for (Future<?> f : futures) {
            if (!f.isDone()) {
                continue; // left behind by a stop
            }
            try {
                f.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("client failed: " + e.getCause(), e.getCause());
            }
        }
    }

    private static ThreadFactory clientThreads() {
        AtomicLong n = new AtomicLong();
        return r -> {
            Thread t = new Thread(r, "benchlab-client-" + n.getAndIncrement());
            t.setDaemon(true);
            return t;
        };
    }
}
