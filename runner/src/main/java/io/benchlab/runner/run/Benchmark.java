package io.benchlab.runner.run;

import io.benchlab.results.EngineInfo;
import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.EnvironmentProbe;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.driver.Driver;
import io.benchlab.runner.engine.ConnectProblem;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.pods.PodMerge;
import io.benchlab.runner.server.ServerSampler;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.RunIdentity;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * One run from start to result: connect, read back what the engine is, then its
 * {@link RunPhase phases} (load, check, drive, check again), then assemble. The sink gets the
 * run's identity once the engine has said what it is, then the live intervals and phase events;
 * the result is returned, and whoever runs this writes it. Anything wrong before the start is bad
 * input (no result); anything wrong after it ends up in the result as a failed status with its
 * cause.
 */
public final class Benchmark {

    private final Target target;
    private final WorkloadConfig config;
    private final String runId;
    private final Placement placement;
    private final ResultSink sink;
    private final LoadProgress loadProgress;
    private final ClientPods pods;
    private static final long ADMIN_POLL_NANOS = 20_000_000;

    private final RunStop stop = new RunStop();
    private volatile Connection admin;
    private volatile Thread runner;
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
        Driver.requireReachableBy(this.config.driver(), target);
        this.runId = runId;
        this.placement = placement;
        this.sink = sink;
        this.loadProgress = loadProgress;
    }

    /**
     * Stops a run in progress; the result is still written, with status interrupted, within
     * {@link Defaults#STOP_WITHIN}: the clients' calls are cancelled at once, and whatever the
     * admin connection still waits for (a check) is aborted shortly before that bound. Before the
     * clients started there is nothing to check: a server's load or before-run check is aborted at
     * once (a load waiting for a lock another session holds would wait for the abort), or as soon
     * as it is connected. An in-process engine's load stops between its batches on its own, and is
     * interrupted only at {@link RunStop#ADMIN_ABORT_AFTER} (an interrupt can close an engine's
     * open files).
     */
    public void stop() {
        if (!stop.request()) {
            return;
        }
        boolean waitForTheClients = stop.driving() || target.engine().embedded();
        Duration abortAfter = waitForTheClients ? RunStop.ADMIN_ABORT_AFTER : Duration.ZERO;
        Thread aborter = new Thread(() -> {
            LockSupport.parkNanos(abortAfter.toNanos());
            while (admin == null && !finished) {
                LockSupport.parkNanos(ADMIN_POLL_NANOS); // stopped while it connects
            }
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
            EngineInfo engine = EngineReadBack.of(target, c);
            ClientCapacity.check(pods.share(config.clients()), pods.leads() && ServerSampler.wanted(target, config),
                    target, c);
            sink.open(new RunIdentity(runId, engine.name(), engine.profile(), config.clients(), placement.backend(),
                    KnobCodec.WORKLOAD, pods.alone() ? null : pods.index()));
            RunPhases.Reached reached = new RunPhases(target, config, pods, sink, loadProgress, stop, c, runId).run();
            shutdownManaged(c);
            // A stop's interrupt must not keep the probe from reading /proc (NIO gives up on an interrupted thread).
            boolean interrupted = Thread.interrupted();
            RunResult result = ResultAssembler.assemble(new ResultAssembler.Parts(runId,
                    new Timestamps(iso(started), reached.measuredStart() == null ? null : iso(reached.measuredStart()),
                            iso(Instant.now())),
                    reached.config(), engine, EnvironmentProbe.capture(), placement, reached.load(), reached.outcome(),
                    reached.consistency(), reached.serverStats(), reached.error()));
            finished = true;
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
            return pods.alone() ? result : PodMerge.own(result, pods, config.clients());
        } catch (SQLException e) {
            throw new BadInputException(Redact.message("database error before the run: " + e.getMessage(),
                    target.password()));
        } finally {
            finished = true;
        }
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
