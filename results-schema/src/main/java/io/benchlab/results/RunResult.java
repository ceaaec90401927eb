package io.benchlab.results;

import java.util.List;

/**
 * One benchmark run, as written to {@code results/<run-id>.json}. The JSON Schema
 * {@code run-result.schema.json} beside this model describes every field; the golden
 * tests keep the two in step.
 */
public record RunResult(
        String schemaVersion,
        String runId,
        Status status,
        String cause,
        List<Warning> warnings,
        Timestamps timestamps,
        Knobs knobs,
        EngineInfo engine,
        Environment environment,
        Placement placement,
        Load load,
        Warmup warmup,
        Figures figures,
        List<Round> rounds,
        List<IntervalPoint> intervals,
        Consistency consistency,
        ServerStats serverStats,
        Setup setup) {

    public static final String SCHEMA_VERSION = "5";

    /** A result without given server settings (see {@link Setup}): every run before they existed, most runs since. */
    public RunResult(String schemaVersion, String runId, Status status, String cause, List<Warning> warnings,
                     Timestamps timestamps, Knobs knobs, EngineInfo engine, Environment environment,
                     Placement placement, Load load, Warmup warmup, Figures figures, List<Round> rounds,
                     List<IntervalPoint> intervals, Consistency consistency, ServerStats serverStats) {
        this(schemaVersion, runId, status, cause, warnings, timestamps, knobs, engine, environment, placement, load,
                warmup, figures, rounds, intervals, consistency, serverStats, null);
    }

    public RunResult {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        rounds = rounds == null ? List.of() : List.copyOf(rounds);
        intervals = intervals == null ? List.of() : List.copyOf(intervals);
    }

    /** The same result with more warnings after its own (what a sink had to say about the run). */
    public RunResult withMoreWarnings(List<Warning> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<Warning> all = new java.util.ArrayList<>(warnings);
        all.addAll(more);
        return new RunResult(schemaVersion, runId, status, cause, all, timestamps, knobs, engine, environment, placement,
                load, warmup, figures, rounds, intervals, consistency, serverStats, setup);
    }

    /** The same result, failed with CAUSE: what the runner could not see ended its run (a lost database pod). */
    public RunResult failedBecause(String cause) {
        return new RunResult(schemaVersion, runId, Status.FAILED, cause, warnings, timestamps, knobs, engine, environment,
                placement, load, warmup, figures, rounds, intervals, consistency, serverStats, setup);
    }

    /**
     * The same result without its interval series, the clients' and the server's: what InfluxDB's
     * run point holds in its {@code result} field, the series being points of their own.
     */
    public RunResult withoutIntervals() {
        return new RunResult(schemaVersion, runId, status, cause, warnings, timestamps, knobs, engine, environment,
                placement, load, warmup, figures, rounds, List.of(), consistency,
                serverStats == null ? null : serverStats.withoutIntervals(), setup);
    }

    /** The same result placed elsewhere: a lab that ran the runner remotely records both sides. */
    public RunResult withPlacement(Placement where) {
        return new RunResult(schemaVersion, runId, status, cause, warnings, timestamps, knobs, engine, environment, where,
                load, warmup, figures, rounds, intervals, consistency, serverStats, setup);
    }

    /** The same result with the server settings its run was given and the server's values (null: none given). */
    public RunResult withSetup(Setup given) {
        return new RunResult(schemaVersion, runId, status, cause, warnings, timestamps, knobs, engine, environment,
                placement, load, warmup, figures, rounds, intervals, consistency, serverStats, given);
    }
}
