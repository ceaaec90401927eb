package io.benchlab.runner.server;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.ContainerStats;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.ServerProbe;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.RunEvent;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.lang.management.ManagementFactory;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Reads the database's own statistics on the clients' timeline, on a connection and a thread of
 * its own. It listens to the collector as a sink does, and never blocks it: a round's measured
 * start sets the counters' baseline, each measured interval's end reads them again (the deltas get
 * the interval's round and t), and in between the sessions are sampled by wait every
 * {@link ServerProbe#waitsEvery} (the server's own period). Where the target names its
 * container's source, the container's usage is read right after the counters.
 *
 * <p>During the warm-up it reads and works out its intervals as it will in the measured phase,
 * and throws them away: its own code and the driver's paths for its queries are compiled by the measured start
 * (reading from the measured start only, the JIT compiled them in round 1: 4.5-6.6% of the
 * client's CPU there, against 2.5% without the sampler), and the server carries its load in the
 * warm-up as in the rounds. Nothing is read before the warm-up begins, which is after the
 * accounting closure's first read; {@link #finish} ends it before the closure's last; every
 * statement is counted in {@link #reads()}, warm-up ones too. A read that fails ends the
 * sampling, not the run.
 */
public final class ServerSampler implements ResultSink {

    /** Where a driver may run what a network timeout needs (one executor for every run of the process). */
    private static final Executor TIMEOUTS = Executors.newCachedThreadPool(daemon());

    private record Begin(int round) {
    }

    /** The warm-up began: sample as in the measured phase, and keep nothing. */
    private record Warm() {
    }

    /** A warm-up interval ended: read and work out what a measured interval's end does, and keep nothing. */
    private record WarmRead(IntervalPoint point) {
    }

    private record End() {
    }

    private final ServerProbe probe;
    private final Connection connection;
    /** The probe's queries, each prepared once on the connection (see {@link ServerProbe}); touched by the sampler thread only. */
    private final ServerProbe.Statements statements;
    private final List<ServerProbe.Counters> queries;
    private final ResultSink downstream;
    private final Secret password;
    private final BlockingQueue<Object> events = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final List<ServerStats.Interval> intervals = new ArrayList<>();
    private final WaitTally waits = new WaitTally();
    private volatile boolean stopping;
    /** Set before the connection is aborted under a read: the error that follows is ours, not the server's. */
    private volatile boolean aborted;
    private volatile long reads;
    /** The rounds whose baseline has been read (a test's way to know the measured start was taken). */
    private volatile int baselines;
    private volatile double cpuSeconds;
    private volatile String note;
    private Map<String, Long> baseline;
    private long baselineNanos;
    /** Null from the first read of it that fails: the container's series stops, the server's goes on. */
    private volatile ContainerStats container;
    /** As the container's source last named itself (a relay says which container it reads). */
    private volatile String containerSource;
    private ContainerDelta.Read containerBaseline;

    private ServerSampler(ServerProbe probe, Connection connection, List<ServerProbe.Counters> queries,
                          ResultSink downstream, Secret password, ContainerStats container) {
        this.container = container;
        this.containerSource = container == null ? null : container.source();
        this.probe = probe;
        this.connection = connection;
        this.statements = new ServerProbe.Statements(connection);
        this.queries = queries;
        this.downstream = downstream;
        this.password = password;
        this.thread = new Thread(this::loop, "benchlab-server-stats");
        thread.setDaemon(true);
    }

    /**
     * A started sampler for the run, or null where the engine has no probe or the run asked for
     * none. Its connection is set up here, before the clients connect: with {@code counter}'s
     * settle last, so that what it committed so far is counted before the closure's first read.
     */
    public static ServerSampler start(Target target, WorkloadConfig config, CommitCounter counter,
                                      ResultSink downstream) {
        if (!wanted(target, config)) {
            return null;
        }
        ServerProbe probe = target.engine().serverProbe();
        Connection c = null;
        try {
            c = target.connect();
            c.setAutoCommit(true);
            c.setNetworkTimeout(TIMEOUTS, (int) Defaults.SERVER_STATS_TIMEOUT.toMillis());
            List<ServerProbe.Counters> queries = probe.applicable(c);
            if (counter != null) {
                counter.settle(c);
            }
            return started(probe, c, queries, downstream, target.password(), target.container());
        } catch (SQLException e) {
            CallGuard.abortInBackground(c);
            // The run goes on without the server's side; its result says why.
            ServerSampler idle = new ServerSampler(probe, null, List.of(), downstream, target.password(), null);
            idle.note = "the server's statistics could not be read: " + Redact.message(e.getMessage(), target.password());
            return idle;
        }
    }

    /** A sampler reading PROBE's QUERIES on C, a connection set up for it, with its thread started. */
    static ServerSampler started(ServerProbe probe, Connection c, List<ServerProbe.Counters> queries,
                                 ResultSink downstream, Secret password, ContainerStats container) {
        ServerSampler sampler = new ServerSampler(probe, c, queries, downstream, password, container);
        // A first read opens the connection to the container's source while the CPU is still free, so
        // that the round's baseline read costs what the others do, and a source that cannot answer is
        // known early. Read on the thread, under the warm-up's clients, it took 3.4 s in a runner
        // container of one core: the measured phase's first intervals queued behind it and were read
        // 0.1 s apart, windows too short for the counters (PostgreSQL flushes them once a second).
        try {
            sampler.readContainer();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        sampler.thread.start();
        return sampler;
    }

    /** Whether a run samples the server: its engine has a probe, and --server-stats is on. */
    public static boolean wanted(Target target, WorkloadConfig config) {
        return wanted(target.engine(), config);
    }

    /** As {@link #wanted(Target, WorkloadConfig)}, for ENGINE before there is a target (a lab planning a run). */
    public static boolean wanted(Engine engine, WorkloadConfig config) {
        return engine.serverProbe() != null && config.serverStats() == WorkloadConfig.Sampling.ON;
    }

    @Override
    public void onEvent(RunEvent event) {
        if (connection == null) {
            return;
        } else if (event.kind() == RunEvent.Kind.WARMUP) {
            events.add(new Warm());
        } else if (event.kind() == RunEvent.Kind.MEASURED) {
            events.add(new Begin(event.round()));
        } else if (event.kind() == RunEvent.Kind.END) {
            events.add(new End());
        }
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint point) {
        if (connection == null) {
            return;
        }
        events.add(phase == Phase.MEASURED ? point : new WarmRead(point));
    }

    /**
     * Ends the sampling and closes its connection: the events queued so far are read first, for
     * up to {@link Defaults#SERVER_STATS_TIMEOUT}; then a read still under way is aborted.
     * Returns the statistics; {@link #reads()} is final from here on.
     */
    public ServerStats finish() throws InterruptedException {
        stopping = true;
        if (connection == null) {
            return new ServerStats(sources(), probe.waitsEvery().toNanos() / 1e6, 0, 0, List.of(), note);
        }
        events.add(new End());
        thread.join(Defaults.SERVER_STATS_TIMEOUT.toMillis());
        if (thread.isAlive()) {
            note = note != null ? note : "the last read of the server's statistics did not return; it was aborted";
            aborted = true;
            CallGuard.abortInBackground(connection);
            thread.interrupt();
        } else {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // Nothing of it is needed any more.
            }
        }
        List<ServerStats.Interval> copy;
        synchronized (intervals) {
            copy = List.copyOf(intervals);
        }
        return new ServerStats(sources(), probe.waitsEvery().toNanos() / 1e6, reads,
                LatencySummary.round3(cpuSeconds), copy, note);
    }

    /** The probe's sources, then the container's. */
    private String sources() {
        return containerSource == null ? probe.sources() : probe.sources() + "; " + containerSource;
    }

    /** The statements the sampler ran on the server since it started its thread (not its set-up). */
    public long reads() {
        return reads;
    }

    /** How many measured starts the sampler has read its baseline at. */
    int baselines() {
        return baselines;
    }

    /** Stops the thread without waiting: a run being stopped. */
    public void abort() {
        stopping = true;
        aborted = true;
        if (connection == null) {
            return;
        }
        thread.interrupt();
        CallGuard.abortInBackground(connection);
    }

    private void loop() {
        long waitEvery = probe.waitsEvery().toNanos();
        long nextWaitSample = Long.MAX_VALUE;
        try {
            while (true) {
                long now = System.nanoTime();
                Object e = nextWaitSample == Long.MAX_VALUE ? events.take()
                        : events.poll(Math.max(0, nextWaitSample - now), TimeUnit.NANOSECONDS);
                if (e == null) {
                    waits.add(probe.readWaits(statements));
                    reads++;
                    nextWaitSample = Math.max(nextWaitSample + waitEvery, System.nanoTime());
                } else if (e instanceof Warm) {
                    baseline(readCounters());
                    containerBaseline = readContainer();
                    waits.reset();
                    nextWaitSample = System.nanoTime() + waitEvery;
                } else if (e instanceof WarmRead w) {
                    interval(w.point(), readCounters(), readContainer(), false);
                } else if (e instanceof Begin) {
                    baseline(readCounters());
                    containerBaseline = readContainer();
                    waits.reset();
                    baselines++;
                    nextWaitSample = System.nanoTime() + waitEvery;
                } else if (e instanceof IntervalPoint p) {
                    Map<String, Long> counters = readCounters();
                    interval(p, counters, readContainer(), true);
                } else {
                    nextWaitSample = Long.MAX_VALUE;
                    if (stopping) {
                        return;
                    }
                }
            }
        } catch (SQLException ex) {
            if (!aborted) {
                note = "the server's statistics could not be read after " + intervals.size() + " intervals: "
                        + Redact.message(ex.getMessage(), password);
            }
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
        } finally {
            cpuSeconds = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() / 1e9;
        }
    }

    /** One query at a time, so that {@link #reads} counts exactly the statements that ran. */
    private Map<String, Long> readCounters() throws SQLException {
        Map<String, Long> values = new TreeMap<>();
        for (ServerProbe.Counters q : queries) {
            values.putAll(ServerProbe.readCounters(statements, List.of(q)));
            reads++;
        }
        return values;
    }

    /**
     * The container's usage now, or null when it is not read; a read that fails is said in the
     * note and ends the container's series (a source that failed once is not asked again, each
     * time for up to the timeout, while the server's counters go on).
     */
    private ContainerDelta.Read readContainer() throws InterruptedException {
        ContainerStats c = container;
        if (c == null) {
            return null;
        }
        try {
            long before = System.nanoTime();
            ContainerStats.Usage usage = c.read();
            containerSource = c.source();
            // The source took its sample somewhere within the request: its middle is the best guess.
            return new ContainerDelta.Read(usage, before + (System.nanoTime() - before) / 2);
        } catch (java.io.IOException | RuntimeException ex) {
            container = null;
            if (note == null) {
                note = "the database container's usage (" + containerSource + ") could not be read after "
                        + intervals.size() + " intervals: " + Redact.message(String.valueOf(ex.getMessage()), password);
            }
            return null;
        }
    }

    private void baseline(Map<String, Long> values) {
        baseline = values;
        baselineNanos = System.nanoTime();
    }

    /**
     * The deltas since the baseline, given the interval's round and t; a counter that went back is
     * left out. A warm-up's interval ({@code keep} false) is worked out the same way and dropped,
     * so that its code (and the classes of its lambdas) is compiled before the measured start.
     */
    private void interval(IntervalPoint p, Map<String, Long> now, ContainerDelta.Read usage, boolean keep) {
        long at = System.nanoTime();
        if (baseline == null) {
            baseline(now);
            containerBaseline = usage;
            return;
        }
        Map<String, Long> deltas = new TreeMap<>();
        List<String> reset = new ArrayList<>();
        now.forEach((name, value) -> {
            Long before = baseline.get(name);
            if (before != null && value >= before) {
                deltas.put(name, value - before);
            } else if (before != null) {
                reset.add(name);
            }
        });
        if (keep && !reset.isEmpty() && note == null) {
            note = String.format(Locale.ROOT, "counters went back in round %d at t %.1f (a server restart or a"
                    + " statistics reset): %s", p.round(), p.t(), String.join(", ", reset));
        }
        ServerStats.Interval interval = new ServerStats.Interval(p.round(), p.t(),
                LatencySummary.round3((at - baselineNanos) / 1e9), deltas, waits.averages(),
                ContainerDelta.between(containerBaseline, usage));
        if (keep) {
            synchronized (intervals) {
                intervals.add(interval);
            }
            downstream.onServerInterval(interval);
        }
        baseline = now;
        baselineNanos = at;
        containerBaseline = usage;
        waits.reset();
    }

    private static java.util.concurrent.ThreadFactory daemon() {
        return r -> {
            Thread t = new Thread(r, "benchlab-server-stats-timeout");
            t.setDaemon(true);
            return t;
        };
    }
}
