package io.benchlab.lab.capacity;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.pipeline.ProvisionedSeries;
import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.OutputPath;
import io.benchlab.runner.run.RunIds;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;

/**
 * One capacity search on a backend: the database provisioned and loaded once ({@link ProvisionedSeries}),
 * then, unless a start rate was given, a short flat-out probe, then the steps the search asks for
 * ({@link CapacitySearch}), each an ordinary run at its offered rate with its own warm-up and result
 * file, judged as it ends ({@link CapacityLog}). The capacity result is written however the search
 * ends (a stop, a step that failed, a database never ready), then the table.
 *
 * <p>{@code spec}'s workload is each step's but for the rate; {@code capacityFile} receives the
 * capacity result, and the steps' results go beside it.
 */
public final class CapacityRun {

    /** What the search was asked: the objectives, the precision, a start rate (null: probe first) and its most steps. */
    public record Ask(List<Objective> objectives, double precision, Double startTps, int maxSteps) {
        public Ask {
            objectives = List.copyOf(objectives);
            SearchPlan.requirePrecision(precision);
            if (startTps != null && !(startTps > 0 && Double.isFinite(startTps))) {
                throw new BadInputException("--start-rate must be a positive number of transactions per second, got "
                        + startTps);
            }
            if (maxSteps < 1) {
                throw new BadInputException("--max-steps must be at least 1, got " + maxSteps);
            }
        }
    }

    /** The probe: flat out, one round of this length after the run's warm-up. */
    static final Duration PROBE_ROUND = Duration.ofSeconds(5);

    private CapacityRun() {
    }

    /** The capacity result's path: CAPACITY_FILE, or {@code resultsDir/<capacity-id>.json}. */
    public static Path file(Path given, Path resultsDir, String capacityId) {
        return OutputPath.check(given != null ? given : resultsDir.resolve(capacityId + ".json"));
    }

    /** A capacity id: what ran, as a run id says it, marked as a search. */
    public static String nextId(String engine) {
        return RunIds.next(engine) + "-capacity";
    }

    /**
     * Exit code 0 when the search ended with an answer, 1 when it could not run its steps or was
     * stopped by a step's timeout (a signal ends the process with the signal's own status).
     */
    public static int run(Backend backend, RunSpec spec, Ask ask, String capacityId, Path capacityFile,
                          PrintWriter out, PrintWriter err) throws Exception {
        StepJudge judge = StepJudge.of(ask.objectives());
        check(spec);
        WorkloadConfig steps = spec.workload();
        String started = Instant.now().toString();
        Path dir = capacityFile.toAbsolutePath().getParent();
        Progress progress = new Progress(err, spec.output().quiet());
        try (ProvisionedSeries series = ProvisionedSeries.open(backend, spec.withOutputFile(null), dir, out, err)) {
            // What a search that ends before its first step records: what was asked, and no step.
            CapacityLog none = new CapacityLog(capacityId, started, ask.objectives(), judge,
                    new CapacitySearch(plan(ask, null)), null);
            if (!series.ready()) {
                RunResult why = series.notReady().result();
                return end(none, unfinished(series), "the database did not get ready: "
                        + (why == null ? "no result" : why.cause()), capacityFile, out);
            }
            CapacityResult.Probe probe = null;
            Double flatOut = null;
            if (ask.startTps() == null) {
                progress.lab("capacity probe: flat out, to find where to start");
                RunPipeline.Outcome o = series.run(probeWorkload(steps));
                RunResult r = o.result();
                if (r == null || r.status() != Status.OK || r.figures() == null || !(r.figures().tps() > 0)) {
                    return end(none, unfinished(series), "the flat-out probe did not run to its end"
                            + (r == null || r.cause() == null ? "" : ": " + r.cause()), capacityFile, out);
                }
                flatOut = r.figures().tps();
                probe = new CapacityResult.Probe(r.runId(), o.file().toString(), flatOut);
            }
            CapacitySearch search = new CapacitySearch(plan(ask, flatOut));
            CapacityLog log = new CapacityLog(capacityId, started, ask.objectives(), judge, search, probe);
            String cause = null;
            for (OptionalDouble next = search.next(); next.isPresent() && !series.stopped(); next = search.next()) {
                double rate = next.getAsDouble();
                progress.lab("capacity step %d: offered %s tps", search.steps() + 1, Shown.tps(rate));
                RunPipeline.Outcome o = series.run(KnobCodec.with(steps, "rateTps", rate));
                if (o.result() == null) {
                    cause = "step " + (search.steps() + 1) + " was refused by the runner (see above)";
                    break;
                }
                StepJudgement j = log.add(rate, o.result(), o.file().toString());
                progress.lab("capacity step %d at %s tps: %s (%s)", search.steps(), Shown.tps(rate),
                        j.verdict().json(), j.why());
            }
            Status status = series.stopped() ? Status.INTERRUPTED : cause != null ? Status.FAILED : Status.OK;
            return end(log, status, series.stopped() ? "stopped before the search ended" : cause, capacityFile, out);
        }
    }

    /** Why a search takes no rate of the user's, and what to give instead. */
    public static final String OWN_RATE = "lab capacity offers each step its own rate; give --start-rate for the first";

    /** Refuses a SPEC whose steps cannot make a search: a rate of its own, or too few rounds for the step test. */
    public static void check(RunSpec spec) {
        requireNoRate(spec.workload());
        StepJudge.requireRounds(spec.workload().rounds(), CapacityDefaults.ALPHA);
    }

    /**
     * Refuses a rate of the user's: each step has its own. Checked before the step defaults are
     * applied too, or a --rate-steps list would be refused for disagreeing with the default rounds.
     */
    public static void requireNoRate(WorkloadConfig workload) {
        if (workload.rateTps() != null || workload.rateSteps() != null || workload.rateRamp() != null) {
            throw new BadInputException(OWN_RATE + " (not --rate, --rate-steps or --rate-ramp)");
        }
    }

    /**
     * SPEC with a step's rounds and their length at the search's defaults unless given (ROUNDS_GIVEN,
     * DURATION_GIVEN): enough rounds for the step test, short enough for a search of many steps.
     */
    public static RunSpec withStepDefaults(RunSpec spec, boolean roundsGiven, boolean durationGiven) {
        WorkloadConfig w = spec.workload();
        if (!roundsGiven) {
            w = KnobCodec.with(w, "rounds", CapacityDefaults.ROUNDS);
        }
        if (!durationGiven && w.transactionsPerClient() == null) {
            w = KnobCodec.with(w, "duration", Duration.ofMillis(Math.round(CapacityDefaults.ROUND_SECONDS * 1000)));
        }
        return new RunSpec(spec.engine(), spec.profile(), spec.target(), w, spec.output(), spec.timeout(), spec.influx());
    }

    /** How a search that could not go on ended: stopped (a signal, a step's timeout), or failed. */
    private static Status unfinished(ProvisionedSeries series) {
        return series.stopped() ? Status.INTERRUPTED : Status.FAILED;
    }

    private static SearchPlan plan(Ask ask, Double flatOut) {
        SearchPlan plan = ask.startTps() != null ? SearchPlan.fromStart(ask.startTps(), flatOut, ask.precision())
                : SearchPlan.fromProbe(flatOut == null ? 1 : flatOut, ask.precision());
        return plan.withMaxSteps(ask.maxSteps());
    }

    /** The probe runs as a step would, flat out, for one short round. */
    private static WorkloadConfig probeWorkload(WorkloadConfig steps) {
        WorkloadConfig one = KnobCodec.with(steps, "rounds", 1);
        return steps.duration() == null ? one : KnobCodec.with(one, "duration", PROBE_ROUND);
    }

    private static int end(CapacityLog log, Status status, String cause, Path file, PrintWriter out) throws IOException {
        CapacityResult result = log.result(status, cause, Instant.now().toString());
        CapacityJson.writeAtomically(result, file);
        out.print(CapacityTable.format(result));
        out.println("capacity result  " + file);
        out.flush();
        return status == Status.OK ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }
}
