package io.benchlab.runner.run;

import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Load;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.driver.Driver;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.engine.ConnectProblem;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.pods.PodBarrier;
import io.benchlab.runner.pods.PodMerge;
import io.benchlab.runner.server.ServerSampler;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.sink.RunIdentity;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.TpcbLoader;
import io.benchlab.runner.workload.tpcb.TpcbSchema;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.locks.LockSupport;

/**
 * One run from start to result: connect, load if asked or needed, check, drive, check again,
 * assemble. The sink gets the run's identity once the engine has said what it is, then the live
 * intervals and phase events; the result is returned, and whoever runs this writes it. Anything wrong before the start is bad input (no result); anything wrong after it
 * ends up in the result as a failed status with its cause.
 */
public final class Benchmark {

    /** The admin connection is aborted this long before {@link Defaults#STOP_WITHIN}, so the result is still written in time. */
    private static final Duration ADMIN_ABORT_MARGIN = Duration.ofMillis(500);

    private final Target target;
    private final WorkloadConfig config;
    private final String runId;
    private final Placement placement;
    private final ResultSink sink;
    private final LoadProgress loadProgress;
    private final ClientPods pods;
    private volatile Driver driver;
    private volatile Connection admin;
    private volatile Thread runner;
    private volatile boolean stopRequested;
    private volatile long stoppedAt;
    private volatile boolean finished;

    public Benchmark(Target target, WorkloadConfig config, String runId, Placement placement,
                     ResultSink sink, LoadProgress loadProgress) {
        this(target, config, runId, placement, sink, loadProgress, ClientPods.ALONE);
    }

    /** One of PODS, client processes that split the run's clients against one database. */
    public Benchmark(Target target, WorkloadConfig config, String runId, Placement placement,
                     ResultSink sink, LoadProgress loadProgress, ClientPods pods) {
        this.pods = pods.requireClients(config.clients());
        if (!pods.alone() && config.autocommit()) {
            throw new BadInputException("--autocommit cannot be split over --client-pods: each pod alone knows which of"
                    + " its transactions were left partly applied, and the check is made once, for all");
        }
        this.target = target;
        this.config = config.requireSupportedBy(target.engine());
        Driver.requireReachableBy(config.driver(), target);
        this.runId = runId;
        this.placement = placement;
        this.sink = sink;
        this.loadProgress = loadProgress;
    }

    /**
     * Stops a run in progress; the result is still written, with status interrupted, within
     * {@link Defaults#STOP_WITHIN}: the clients' calls are cancelled at once, and whatever the
     * admin connection still waits for (a load, a check) is aborted shortly before that bound.
     */
    public void stop() {
        if (stopRequested) {
            return;
        }
        stoppedAt = System.nanoTime();
        stopRequested = true;
        Driver d = driver;
        if (d != null) {
            d.stop();
        }
        Thread aborter = new Thread(() -> {
            LockSupport.parkNanos(Defaults.STOP_WITHIN.minus(ADMIN_ABORT_MARGIN).toNanos());
            if (!finished) {
                abortAdmin();
            }
        }, "benchlab-stop");
        aborter.setDaemon(true);
        aborter.start();
    }

    /**
     * Aborts the admin connection under whatever it waits for (a load, a check), and interrupts
     * the run's thread: an in-process engine's lock wait takes no abort (Derby) but an interrupt.
     */
    private void abortAdmin() {
        CallGuard.abortInBackground(admin);
        Thread t = runner;
        if (t != null) {
            t.interrupt();
        }
    }

    public RunResult run() throws IOException {
        runner = Thread.currentThread();
        Instant started = Instant.now();
        try (Connection c = connectOrBadInput(target)) {
            admin = c;
            EngineInfo engine = engineInfo(c);
            ClientCapacity.check(pods.share(config.clients()), pods.leads() && ServerSampler.wanted(target, config),
                    target, c);
            sink.open(new RunIdentity(runId, engine.name(), engine.profile(), config.clients(), placement.backend(),
                    KnobCodec.WORKLOAD, pods.alone() ? null : pods.index()));
            Load load = null;
            Instant measuredStart = null;
            DriverOutcome outcome = null;
            Consistency consistency = null;
            ServerSampler sampler = null;
            ServerStats serverStats = null;
            String error = null;
            String phase = "load";
            CommitCounter counter = CommitCounter.forRun(target.engine(), config.autocommit());
            PodCoordination together = PodCoordination.of(pods, c, runId, counter, () -> stopRequested);
            try {
                Sums before = null;
                if (together.leads()) {
                    load = prepare(c);
                    phase = "before-run check";
                    before = ConsistencyCheck.sums(c);
                } else {
                    phase = "wait for client pod 0's load";
                    together.awaitLoaded(c, config.scale());
                }
                if (before != null && !before.match()) {
                    error = phase + ": the database is inconsistent before the run (" + ConsistencyCheck.describe(before)
                            + "); reload it with --init";
                    together.loaded(error);
                } else if (!stopRequested) {
                    together.loaded(null);
                    phase = "measured run";
                    measuredStart = Instant.now().plus(config.warmup());
                    sampler = together.leads() ? ServerSampler.start(target, config, counter, sink) : null;
                    driver = new Driver(target, config, sampler == null ? sink : new Sinks(List.of(sink, sampler)), pods);
                    CommitClosure closure = counter == null || !together.leads() ? null
                            : new CommitClosure(counter, c, target.password());
                    if (closure != null && pods.alone()) {
                        driver.whenClientsOpen(closure::clientsOpen);
                    }
                    driver.beforeEachRound(together.gate(pods.alone() ? null : closure));
                    if (stopRequested) {
                        driver.stop(); // stop() ran between the check above and the assignment
                    }
                    outcome = driver.run();
                    measuredStart = driver.measuredStart() != null ? driver.measuredStart() : measuredStart;
                    serverStats = finish(sampler);
                    phase = "after-run meeting of the client pods";
                    PodCoordination.Totals all = stopRequested ? null : together.finished(outcome);
                    // Read before the after-run check, whose own transactions the server counts too.
                    Consistency.ServerCommits commits = closure == null || all == null ? null
                            : closure.clientsClosed(all.committed(), all.inDoubt(),
                                    sampler == null ? 0 : sampler.reads(), all.otherCommits());
                    phase = "after-run check";
                    if (together.leads() && all == null && !pods.alone()) {
                        consistency = ConsistencyVerdict.notChecked(before, outcome.committedTotal(), outcome.inDoubt(),
                                outcome.partials().summary(), "stopped before the other client pods told their commits");
                    } else if (together.leads()) {
                        consistency = afterRun(c, before, outcome, all).withServerCommits(commits);
                        together.verdict(consistency);
                    } else if (!stopRequested) {
                        consistency = together.leadersVerdict(outcome);
                    }
                }
            } catch (BadInputException e) {
                together.abandon(e.getMessage());
                throw e;
            } catch (TpcbLoader.StoppedException e) {
                error = e.getMessage();
            } catch (PodBarrier.Unmet e) {
                error = phase + ": " + e.getMessage();
            } catch (SQLException | RuntimeException e) {
                error = stopRequested && !"measured run".equals(phase)
                        ? "stopped during the " + phase + " while the database did not answer"
                        : Redact.message(phase + ": " + e.getClass().getSimpleName() + ": " + e.getMessage(),
                                target.password());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                error = "interrupted";
            } finally {
                // A sampler that did not finish (a stop, a failure, bad input) is aborted: the result is due.
                if (sampler != null && serverStats == null) {
                    sampler.abort();
                }
            }
            if (error != null || stopRequested) {
                together.abandon(error != null ? error : "stopped");
            }
            if (stopRequested && outcome == null) {
                outcome = DriverOutcome.stoppedBeforeStart();
            }
            shutdownManaged(c);
            RunResult result = ResultAssembler.assemble(new ResultAssembler.Parts(runId,
                    new Timestamps(iso(started), measuredStart == null ? null : iso(measuredStart), iso(Instant.now())),
                    config, engine, EnvironmentProbe.capture(), placement, load, outcome, consistency, serverStats, error));
            finished = true;
            return pods.alone() ? result : PodMerge.own(result, pods, config.clients());
        } catch (SQLException e) {
            throw new BadInputException(Redact.message("database error before the run: " + e.getMessage(),
                    target.password()));
        } finally {
            finished = true;
        }
    }

    /** The sampler's statistics; none after a stop (it is aborted: the result is due within seconds). */
    private ServerStats finish(ServerSampler sampler) throws InterruptedException {
        return sampler == null || stopRequested ? null : sampler.finish();
    }

    /**
     * The verdict after the clients are done, or a block that says why there is none: the server
     * stayed away, the check itself ran past its timeout, or the run was stopped meanwhile.
     */
    private Consistency afterRun(Connection c, Sums before, DriverOutcome outcome, PodCoordination.Totals all) {
        // Select-only transactions insert no history row.
        long committed = all == null ? outcome.committedTotal() : all.committed();
        long inDoubt = all == null ? outcome.inDoubt() : all.inDoubt();
        long inserting = config.selectOnly() ? 0 : committed;
        try {
            Sums after = sumsAfter(c);
            return ConsistencyVerdict.judge(before, after, inserting, inDoubt, outcome.partials());
        } catch (SQLException | InterruptedException e) {
            String why = stopRequested || !(e instanceof SQLException sql)
                    ? "the run was stopped while the database did not answer (" + firstLine(e.getMessage()) + ")"
                    : "the database did not answer: " + connectProblem(target, sql) + firstLine(e.getMessage());
            return ConsistencyVerdict.notChecked(before, inserting, inDoubt, outcome.partials().summary(),
                    Redact.message(why, target.password()));
        }
    }

    /**
     * The sums after the run. The admin connection may have died with the server during the run
     * (the clients reconnected; it did not): then the check runs on a fresh connection, retried
     * for {@link Defaults#RECONNECT_FOR} in case the server is still coming back. After a stop
     * it gets only what is left of {@link Defaults#STOP_WITHIN}, and no second try.
     */
    private Sums sumsAfter(Connection admin) throws SQLException, InterruptedException {
        try {
            return ConsistencyCheck.sums(admin, checkTimeout());
        } catch (SQLException lost) {
            if (stopRequested || admin.isValid(2)) {
                throw lost;
            }
            long deadline = System.nanoTime() + Defaults.RECONNECT_FOR.toNanos();
            while (true) {
                try (Connection fresh = target.connect()) {
                    return ConsistencyCheck.sums(fresh, checkTimeout());
                } catch (SQLException e) {
                    if (stopRequested || System.nanoTime() - deadline > 0) {
                        e.addSuppressed(lost);
                        throw e;
                    }
                    Thread.sleep(500);
                }
            }
        }
    }

    private Duration checkTimeout() {
        if (!stopRequested) {
            return Defaults.CHECK_TIMEOUT;
        }
        long left = Defaults.STOP_WITHIN.minus(ADMIN_ABORT_MARGIN).toNanos() - (System.nanoTime() - stoppedAt);
        return Duration.ofNanos(Math.max(0, left));
    }

    /** Loads the data when asked or when the tables are missing; otherwise the scale must match. */
    private Load prepare(Connection admin) throws SQLException {
        boolean present = TpcbSchema.present(admin);
        if (!config.init() && present) {
            int loaded = TpcbSchema.loadedScale(admin);
            if (loaded != config.scale()) {
                throw new BadInputException("the database holds scale " + loaded + ", not " + config.scale()
                        + "; add --init to reload it");
            }
            return null;
        }
        TpcbLoader.Outcome out = new TpcbLoader(target.engine(), config.loadBatchSize(), loadProgress,
                Defaults.LOAD_PROGRESS_EVERY.toNanos(), () -> stopRequested).load(admin, config.scale());
        return new Load(config.scale(), out.rows(), LatencySummary.round3(out.seconds()), out.method());
    }

    private EngineInfo engineInfo(Connection c) {
        String version;
        Map<String, String> settings;
        try {
            version = target.engine().serverVersion(c);
        } catch (SQLException e) {
            version = "unknown (" + e.getMessage() + ")";
        }
        try {
            settings = target.engine().settings(c);
        } catch (SQLException e) {
            settings = new TreeMap<>(Map.of("error", "settings not readable: " + e.getMessage()));
        }
        String product;
        String driverVersion;
        try {
            product = target.engine().productName(c);
            driverVersion = c.getMetaData().getDriverName() + " " + c.getMetaData().getDriverVersion();
        } catch (SQLException e) {
            product = "unknown";
            driverVersion = "unknown";
        }
        return new EngineInfo(target.engine().name(), recordedProfile(settings), product, version, driverVersion,
                target.redactedUrl(), settings);
    }

    /**
     * The profile the lab imposed, or for a server it does not manage, the profile its settings
     * say it runs with ("custom" when none matches): read back, never assumed.
     */
    private String recordedProfile(Map<String, String> settings) {
        if (target.managed() || target.engine().embedded()) {
            return target.profile().name();
        }
        return target.engine().profiles().stream()
                .filter(p -> p.settings().entrySet().stream()
                        .allMatch(s -> s.getValue().equalsIgnoreCase(settings.getOrDefault(s.getKey(), ""))))
                .map(io.benchlab.runner.engine.Profile::name).findFirst().orElse("custom");
    }

    private void shutdownManaged(Connection admin) {
        if (!target.managed()) {
            return;
        }
        try {
            target.engine().shutdown(admin, target.profile());
        } catch (SQLException ignored) {
            // The result is complete; a database that will not close cleanly changes no figure.
        }
    }

    public static Connection connectOrBadInput(Target target) {
        try {
            return target.connect();
        } catch (SQLException e) {
            throw new BadInputException(Redact.message("cannot connect to " + target.redactedUrl() + ": "
                    + connectProblem(target, e) + firstLine(e.getMessage()), target.password()));
        }
    }

    /** Names the kind of connection problem, as the engine judges it, before the driver's own words. */
    static String connectProblem(Target target, SQLException e) {
        ConnectProblem problem = target.engine().connectProblem(e);
        return problem == null ? "" : problem.prefix();
    }

    /** A driver message fit for one line: its first line, without Java class-name prefixes. */
    static String firstLine(String s) {
        if (s == null) {
            return "no reason given";
        }
        int nl = s.indexOf('\n');
        String line = nl < 0 ? s : s.substring(0, nl);
        String stripped;
        while (!(stripped = JAVA_PREFIX.matcher(line).replaceFirst("")).equals(line)) {
            line = stripped;
        }
        return line.isBlank() ? "no reason given" : line;
    }

    private static final java.util.regex.Pattern JAVA_PREFIX =
            java.util.regex.Pattern.compile("^(?:[\\w$]+\\.)+[\\w$]*(?:Exception|Error):\\s*");

    private static String iso(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS).toString();
    }
}
