package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import java.util.ArrayList;
import java.util.List;

/**
 * A capacity search as it runs, step by step, and the capacity result it makes: the command asks
 * the search for the next rate, runs the step, and hands its result here, which judges it, tells the
 * search, and keeps it. The engine, placement and set-up are the first step's with a result, the
 * knobs too without the rate (the steps differ in their rate only); the test is stated for that
 * step's rounds.
 */
public final class CapacityLog {

    private final String capacityId;
    private final String started;
    private final List<Objective> objectives;
    private final StepJudge judge;
    private final CapacitySearch search;
    private final CapacityResult.Probe probe;
    private final List<CapacityStep> steps = new ArrayList<>();
    private RunResult first;

    /** A search CAPACITY_ID started at STARTED (ISO-8601), after the flat-out PROBE (null: none ran). */
    public CapacityLog(String capacityId, String started, List<Objective> objectives, StepJudge judge,
                       CapacitySearch search, CapacityResult.Probe probe) {
        this.capacityId = capacityId;
        this.started = started;
        this.objectives = List.copyOf(objectives);
        this.judge = judge;
        this.search = search;
        this.probe = probe;
    }

    /** The step the search asked for at RATE left RESULT in FILE (null: none written): judged, told, kept. */
    public StepJudgement add(double rate, RunResult result, String file) {
        StepJudgement j = judge.judge(rate, result);
        search.record(j);
        steps.add(j.toStep(steps.size() + 1, file));
        if (first == null && result.knobs() != null) {
            first = result;
        }
        return j;
    }

    /** The capacity result: the search's answer so far, ended at ENDED with STATUS (and its CAUSE when not ok). */
    public CapacityResult result(Status status, String cause, String ended) {
        int rounds = first == null ? CapacityDefaults.ROUNDS : first.knobs().rounds();
        return new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND, capacityId, status, cause,
                new CapacityResult.Span(started, ended), first == null ? null : first.engine(),
                objectives.stream().map(Objective::toJson).toList(), search.plan().precision(), judge.test(rounds),
                search.toJson(probe), search.outcome().toJson(), steps,
                first == null ? null : first.knobs().with("rate_tps", null),
                first == null ? null : first.placement(), first == null ? null : first.setup());
    }
}
