package io.benchlab.runner.run;

import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.LoadProfile;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.results.ClientCpu;
import io.benchlab.results.Consistency;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Environment;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Latency;
import io.benchlab.results.Load;
import io.benchlab.results.Placement;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.results.Warmup;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.driver.RoundOutcome;
import io.benchlab.runner.metrics.Counter;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.metrics.PhaseTotals;
import io.benchlab.runner.metrics.Step;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds the result from what a run measured. Pure: no clock, no I/O, so the golden tests can
 * feed it fixed inputs and seal its JSON.
 */
public final class ResultAssembler {

    private ResultAssembler() {
    }

    /** Everything a result is made of; the parts a run never reached are null. */
    public record Parts(
            String runId,
            Timestamps timestamps,
            WorkloadConfig config,
            EngineInfo engine,
            Environment environment,
            Placement placement,
            Load load,
            DriverOutcome driver,
            Consistency consistency,
            ServerStats serverStats,
            String error) {
    }

    public static RunResult assemble(Parts p) {
        List<Round> rounds = new ArrayList<>();
        Figures all = null;
        Warmup warmup = null;
        if (p.driver() != null && !p.driver().rounds().isEmpty()) {
            LoadProfile profile = p.config().profile();
            for (RoundOutcome r : p.driver().rounds()) {
                rounds.add(new Round(r.index(), figures(r, profile.meanTps(r.index()))));
            }
            all = figures(RoundOutcome.together(p.driver().rounds()), offeredOverall(profile, p.driver().rounds()));
        }
        // A run stopped in a warm-up that lasts until the client is warm has no round, but its warm-up ran.
        if (p.driver() != null && (!p.driver().rounds().isEmpty() || p.driver().warmupEnded() != null)) {
            warmup = new Warmup(LatencySummary.round3(p.driver().warmupSeconds()), p.driver().warmupCommitted(),
                    p.driver().warmupFailed(), p.driver().warmupMissedStarts(), p.driver().warmupEnded());
        }
        Status status = status(p);
        return new RunResult(RunResult.SCHEMA_VERSION, p.runId(), status, cause(status, p),
                Warnings.of(p.config(), p.driver(), p.consistency()), p.timestamps(),
                KnobCodec.knobs(p.config()), p.engine(), p.environment(), p.placement(), p.load(), warmup, all, rounds,
                p.driver() == null ? List.of() : p.driver().intervals(), p.consistency(),
                p.serverStats());
    }

    /**
     * The rate the rounds together were offered: their offered rates weighed by their measured
     * time (one rate, under --rate, as it is); null when unpaced.
     */
    static Double offeredOverall(LoadProfile profile, List<RoundOutcome> rounds) {
        if (!profile.paced()) {
            return null;
        }
        double first = profile.meanTps(rounds.get(0).index());
        if (rounds.stream().allMatch(r -> profile.meanTps(r.index()) == first)) {
            return first;
        }
        double seconds = rounds.stream().mapToDouble(RoundOutcome::seconds).sum();
        double offered = rounds.stream().mapToDouble(r -> profile.meanTps(r.index()) * r.seconds()).sum();
        return seconds > 0 ? LatencySummary.round3(offered / seconds) : first;
    }

    /** The figures of one measured phase; {@code rateTps}, the rate its schedule offered, null when unpaced. */
    static Figures figures(RoundOutcome r, Double rateTps) {
        PhaseTotals t = r.totals();
        Map<String, Latency> statements = new LinkedHashMap<>();
        for (Step step : Step.all()) {
            if (t.steps()[step.ordinal()].getTotalCount() > 0) {
                statements.put(step.key(), LatencySummary.of(t.steps()[step.ordinal()]));
            }
        }
        double tps = LatencySummary.round3(r.tps());
        // Every measured transaction that started committed or failed; the rest of the schedule was missed.
        Schedule schedule = rateTps == null ? null : new Schedule(rateTps, tps,
                t.committed() + t.failed() + t.count(Counter.MISSED_STARTS), t.count(Counter.MISSED_STARTS));
        return new Figures(LatencySummary.round3(r.seconds()), t.committed(), t.failed(), t.count(Counter.EXHAUSTED),
                t.retried(), tps, t.failuresByCause(), LatencySummary.of(t.transactions()),
                t.failed() == 0 ? null : LatencySummary.of(t.failedTransactions()), statements, schedule, r.memory(),
                r.cpuSeconds() == null ? null : ClientCpu.of(r.cpuSeconds(), r.seconds(), t.committed(), r.jitSeconds()));
    }

    private static Status status(Parts p) {
        if (p.driver() != null && p.driver().interrupted()) {
            return Status.INTERRUPTED;
        }
        if (p.error() != null || p.consistency() == null || !p.consistency().ok() || nothingCommitted(p.driver())) {
            return Status.FAILED;
        }
        return Status.OK;
    }

    private static boolean nothingCommitted(DriverOutcome d) {
        return d == null || d.rounds().stream().allMatch(r -> r.totals().committed() == 0);
    }

    /** Why a run is not ok, naming the phase it failed in: load, before-run check, measured run or after-run check. */
    private static String cause(Status status, Parts p) {
        if (status == Status.OK) {
            return null;
        }
        String checkNote = p.consistency() != null && !p.consistency().checked()
                ? "; consistency " + p.consistency().message() : "";
        if (status == Status.INTERRUPTED) {
            return "interrupted before the run finished" + (p.error() == null ? "" : ": " + p.error()) + checkNote;
        }
        if (p.error() != null) {
            return p.error();
        }
        if (p.consistency() != null && !p.consistency().ok()) {
            return "after-run check: " + p.consistency().message();
        }
        if (nothingCommitted(p.driver())) {
            String first = p.driver() == null ? null : p.driver().firstError();
            return "measured run: no transaction committed" + (first == null ? "" : "; first failure: " + first);
        }
        return "after-run check: consistency was not checked";
    }
}
