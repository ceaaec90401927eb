package io.benchlab.runner.run;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.ServerCommits;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.Load;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.driver.Driver;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.pods.PodBarrier;
import io.benchlab.runner.server.ServerSampler;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.Sinks;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.LoadProgress;
import io.benchlab.runner.workload.tpcb.TpcbLoader;
import io.benchlab.runner.workload.tpcb.TpcbSchema;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;

/**
 * One run's {@link RunPhase phases}, in order, for this process's role, on the admin connection.
 * Each phase keeps what it makes for the phases after it and for the result. A phase that finds
 * the run cannot go on (a database inconsistent before it, a stop) ends it there; an error ends it
 * with the phase named in the cause. However it ends, the other pods are told, and the result gets
 * whatever the phases reached.
 */
final class RunPhases {

    /**
     * What the run reached, for the result; the parts it never got to are null. {@code config}:
     * what the run ran with, the scale found in the database where it took that (see {@link #load}).
     */
    record Reached(WorkloadConfig config, Load load, Instant measuredStart, DriverOutcome outcome,
                   ServerStats serverStats, Consistency consistency, String error) {
    }

    /** A phase's work; false when the run goes no further. */
    @FunctionalInterface
    private interface Work {
        boolean run() throws SQLException, InterruptedException;
    }

    private record Step(RunPhase phase, Work work) {
    }

    private final Target target;
    /** As given, until LOAD takes the scale the database holds. */
    private WorkloadConfig config;
    private final ClientPods pods;
    private final ResultSink sink;
    private final LoadProgress loadProgress;
    private final RunStop stop;
    private final Connection admin;
    /** The server's count of commits for the closure; null where it keeps none. */
    private final CommitCounter counter;
    private final PodCoordination together;

    // What the phases make, each set by the one phase named.
    /** LOAD: the load, when there was one. */
    private Load load;
    /** CHECK_BEFORE: the sums the after-run check holds the run against. */
    private Sums before;
    /** MEASURED: the start, the sampler and closure (pod 0's), the clients' outcome and the server's statistics. */
    private Instant measuredStart;
    private ServerSampler sampler;
    private CommitClosure closure;
    private DriverOutcome outcome;
    private ServerStats serverStats;
    /** MEET_AFTER: every pod's counts (null: a pod stopped before it had them), the server's against them. */
    private PodCoordination.Totals all;
    private ServerCommits commits;
    /** CHECK_AFTER: the verdict, this pod's or pod 0's. */
    private Consistency consistency;
    /** Why the run failed, its phase named; null while it has not. */
    private String error;

    /** The phases of run RUN_ID, this process being one of PODS, on the ADMIN connection. */
    RunPhases(Target target, WorkloadConfig config, ClientPods pods, ResultSink sink, LoadProgress loadProgress,
              RunStop stop, Connection admin, String runId) {
        this.target = target;
        this.config = config;
        this.pods = pods;
        this.sink = sink;
        this.loadProgress = loadProgress;
        this.stop = stop;
        this.admin = admin;
        this.counter = CommitCounter.forRun(target.engine(), config.autocommit());
        this.together = PodCoordination.of(pods, admin, runId, counter, stop::requested);
    }

    /** Runs the phases, once; only bad input (no result at all) is thrown. */
    Reached run() {
        RunPhase phase = null;
        try {
            for (Step step : steps()) {
                phase = step.phase();
                if (!step.work().run()) {
                    break;
                }
            }
        } catch (BadInputException e) {
            together.abandon(e.getMessage());
            throw e;
        } catch (TpcbLoader.StoppedException e) {
            error = e.getMessage();
        } catch (PodBarrier.Unmet e) {
            error = phase.failed(e.getMessage());
        } catch (SQLException | RuntimeException e) {
            error = phase.failedOn(e, stop.requested(), target.password());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            error = "interrupted";
        } finally {
            // A sampler that did not finish (a stop, a failure, bad input) is aborted: the result is due.
            if (sampler != null && serverStats == null) {
                sampler.abort();
            }
        }
        if (error != null || stop.requested()) {
            together.abandon(error != null ? error : "stopped");
        }
        if (stop.requested() && outcome == null) {
            outcome = DriverOutcome.stoppedBeforeStart();
        }
        return new Reached(config, load, measuredStart, outcome, serverStats, consistency, error);
    }

    /** Pod 0's phases, a process alone's too; or another pod's. */
    private List<Step> steps() {
        return together.leads()
                ? List.of(new Step(RunPhase.LOAD, this::load), new Step(RunPhase.CHECK_BEFORE, this::checkBefore),
                        new Step(RunPhase.MEASURED, this::measure), new Step(RunPhase.MEET_AFTER, this::meet),
                        new Step(RunPhase.CHECK_AFTER, this::checkAfter))
                : List.of(new Step(RunPhase.AWAIT_LOAD, this::awaitLoad), new Step(RunPhase.MEASURED, this::measure),
                        new Step(RunPhase.MEET_AFTER, this::meet), new Step(RunPhase.CHECK_AFTER, this::takeVerdict));
    }

    /**
     * Loads the data when asked or when the tables are missing; otherwise a given --scale must
     * match. Without --scale, a database that holds at least one branch per client is run at the
     * scale it holds, as pgbench takes its scale from its branches: no reload of a large database
     * for a default that only asks for enough branches; the result records that scale as given.
     * Client pods do not: each would find it alone, and they must agree on it before they meet.
     * A database with fewer branches than the default asks for is reloaded at the default: a
     * sweep from 1 to 8 clients in one process finds the 1 branch its first point loaded.
     */
    private boolean load() throws SQLException {
        boolean present = TpcbSchema.present(admin);
        if (!config.init() && present) {
            int loaded = TpcbSchema.loadedScale(admin);
            boolean derived = config.scale() == null;
            if (loaded != config.branches() && derived && pods.alone() && loaded >= config.clients()) {
                config = KnobCodec.withScale(config, loaded);
                return true;
            } else if (loaded != config.branches() && !derived) {
                throw new BadInputException("the database holds scale " + loaded + ", not " + config.branches()
                        + "; add --init to reload it");
            } else if (loaded == config.branches()) {
                return true;
            }
        }
        TpcbLoader.Outcome out = new TpcbLoader(target.engine(), config.loadBatchSize(), loadProgress,
                Defaults.LOAD_PROGRESS_EVERY.toNanos(), stop::requested).load(admin, config.branches());
        load = new Load(config.branches(), out.rows(), LatencySummary.round3(out.seconds()), out.method());
        return true;
    }

    /** The sums the after-run check holds the run against; the other pods may go on once they hold. */
    private boolean checkBefore() throws SQLException {
        before = ConsistencyCheck.sums(admin);
        if (!before.match()) {
            error = RunPhase.CHECK_BEFORE.failed("the database is inconsistent before the run ("
                    + ConsistencyCheck.describe(before) + "); reload it with --init");
            together.loaded(error);
            return false;
        }
        if (stop.requested()) {
            return false;
        }
        together.loaded(null);
        return true;
    }

    private boolean awaitLoad() throws SQLException, InterruptedException {
        together.awaitLoaded(admin, config.branches());
        return !stop.requested();
    }

    /**
     * The clients' warm-up and rounds. Pod 0 samples the server, and where the server counts
     * commits, takes its first count once every pod's clients have connected.
     */
    private boolean measure() throws SQLException, InterruptedException {
        measuredStart = Instant.now().plus(config.longestWarmup());
        sampler = together.leads() ? ServerSampler.start(target, config, counter, sink) : null;
        Driver driver = new Driver(target, config, sampler == null ? sink : new Sinks(List.of(sink, sampler)), pods);
        closure = counter == null || !together.leads() ? null : new CommitClosure(counter, admin, target.password());
        driver.beforeEachRound(together.gate(closure));
        stop.driving(driver);
        outcome = driver.run();
        measuredStart = driver.measuredStart() != null ? driver.measuredStart() : measuredStart;
        // The sampler's statistics; none after a stop (it is aborted: the result is due within seconds).
        serverStats = sampler == null || stop.requested() ? null : sampler.finish();
        return true;
    }

    /**
     * Every pod's counts (after a stop, only what this process has without waiting), and the
     * server's count held against them, read before the after-run check, whose own transactions
     * the server counts too.
     */
    private boolean meet() throws SQLException, InterruptedException {
        boolean stopped = stop.requested();
        all = stopped ? together.countsAfterStop(outcome) : together.finished(outcome);
        commits = closure == null || stopped ? null : closure.clientsClosed(all.committed(), all.inDoubt(),
                sampler == null ? 0 : sampler.reads(), all.otherCommits());
        return true;
    }

    /** Pod 0's check for all, told to the others; no check when a stop left it without their counts. */
    private boolean checkAfter() throws SQLException {
        if (all == null) {
            consistency = ConsistencyVerdict.notChecked(before, outcome.committedTotal(), outcome.inDoubt(),
                    outcome.partials().summary(), "stopped before the other client pods told their commits");
            return true;
        }
        consistency = new AfterRunCheck(target, config.selectOnly(), stop).judge(admin, before, outcome, all)
                .withServerCommits(commits);
        together.verdict(consistency);
        return true;
    }

    /** Another pod's: pod 0's verdict, unless the run stopped. */
    private boolean takeVerdict() throws SQLException, InterruptedException {
        if (!stop.requested()) {
            consistency = together.leadersVerdict(outcome);
        }
        return true;
    }
}
