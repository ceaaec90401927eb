package io.benchlab.results;

import java.util.List;

/**
 * One capacity search ({@code lab capacity}), as written to {@code results/<capacity-id>.json}: the
 * highest offered rate at which the objectives held, found by running steps at offered rates, each
 * step an ordinary run with its own result file. The JSON Schema {@code capacity-result.schema.json}
 * beside this model describes every field; it takes the engine, knobs, placement and set-up from the
 * run result's schema, since they are the steps' own.
 *
 * <p>{@code knobs} are the steps' common knobs without the rate (each step's rate is its
 * {@code offered_tps}); {@code placement} is the first step's; {@code engine} and {@code setup} those
 * of the steps.
 */
public record CapacityResult(
        String schemaVersion,
        String kind,
        String capacityId,
        Status status,
        String cause,
        Span timestamps,
        EngineInfo engine,
        List<Objective> objectives,
        double precision,
        StepTest test,
        Search search,
        Answer capacity,
        List<CapacityStep> steps,
        Knobs knobs,
        Placement placement,
        Setup setup) {

    public static final String SCHEMA_VERSION = "1";

    /** The value of {@code kind}: tells a capacity document from a run result at a glance. */
    public static final String KIND = "capacity";

    public CapacityResult {
        objectives = objectives == null ? List.of() : List.copyOf(objectives);
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    /** When the search started and ended (ISO-8601 UTC instants; {@code ended} null while it runs). */
    public record Span(String started, String ended) {
    }

    /**
     * One objective as given ({@code p99<=10ms}) and as read: its metric ({@code p99}, {@code failures})
     * and its threshold in {@code unit}, which is {@code ms} for a latency and {@code ratio} for failures
     * (a share of 1: {@code failures<=1%} is 0.01). {@code strict} when given with {@code <}.
     */
    public record Objective(String text, String metric, double threshold, String unit, boolean strict) {
    }

    /** The test a step had to pass for its objectives to count as held: a short name, and in one sentence what it is. */
    public record StepTest(String name, String description) {
    }

    /**
     * How the search went about it: the rate it started at and whence ({@code given} by --start-rate,
     * or from a flat-out {@code probe}), the flat-out tps the probe reached and the ceiling no step was
     * offered above (both null without a probe), the growth factor of its line search and its most steps.
     */
    public record Search(double startTps, String startFrom, Probe probe, Double ceilingTps, double growth,
                         int maxSteps) {
    }

    /** The short flat-out run that set the start: its result and the tps it reached. */
    public record Probe(String runId, String file, double tps) {
    }

    /**
     * The answer: {@code tps} the highest offered rate that passed (null when none did), the interval
     * [{@code low}, {@code high}] in which the capacity lies ({@code low} the last pass, null when none;
     * {@code high} the first fail above it, null when no rate failed), whether that interval is within
     * the precision asked, and why the search ended, in one line.
     */
    public record Answer(Double tps, Double low, Double high, boolean reachedPrecision, String why) {
    }
}
