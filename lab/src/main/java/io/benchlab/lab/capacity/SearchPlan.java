package io.benchlab.lab.capacity;

import io.benchlab.runner.core.BadInputException;

/**
 * Where a capacity search starts and how far it may go: its first offered rate and whence
 * ({@code given} or from a {@code probe}), the ceiling no step exceeds (null without a probe: nothing
 * bounds it), the floor below which it does not go, the precision at which it stops, its growth
 * factor and its most steps.
 */
public record SearchPlan(double startTps, String startFrom, Double ceilingTps, double floorTps, double precision,
                         double growth, int maxSteps) {

    public SearchPlan {
        requirePrecision(precision);
        if (!(startTps > 0) || !(floorTps > 0) || floorTps > startTps || ceilingTps != null && !(ceilingTps > 0)) {
            throw new IllegalArgumentException("a plan from " + startTps + " tps, floor " + floorTps + ", ceiling "
                    + ceilingTps);
        }
        if (!(growth > 1) || maxSteps < 1) {
            throw new IllegalArgumentException("growth " + growth + " and " + maxSteps + " steps");
        }
    }

    /**
     * A plan from a flat-out probe that reached FLAT_OUT tps: the start half of it, the ceiling 1.1
     * times it, the floor a fifth of the start ({@link CapacityDefaults}).
     */
    public static SearchPlan fromProbe(double flatOutTps, double precision) {
        if (!(flatOutTps > 0)) {
            throw new BadInputException("the flat-out probe reached " + flatOutTps + " tps: there is no rate to start from");
        }
        double start = flatOutTps * CapacityDefaults.START_OF_FLAT_OUT;
        return new SearchPlan(start, "probe", ceilingOver(flatOutTps),
                start * CapacityDefaults.FLOOR_OF_START, precision, CapacityDefaults.GROWTH, CapacityDefaults.MAX_STEPS);
    }

    /** A plan from a given --start-rate; FLAT_OUT (null: no probe ran) sets the ceiling as above. */
    public static SearchPlan fromStart(double startTps, Double flatOutTps, double precision) {
        if (!(startTps > 0) || Double.isInfinite(startTps)) {
            throw new BadInputException("--start-rate " + startTps + ": expected a rate above 0 tps");
        }
        Double ceiling = flatOutTps == null ? null : ceilingOver(flatOutTps);
        double start = ceiling == null ? startTps : Math.min(startTps, ceiling);
        return new SearchPlan(start, "given", ceiling, start * CapacityDefaults.FLOOR_OF_START, precision,
                CapacityDefaults.GROWTH, CapacityDefaults.MAX_STEPS);
    }

    /** The most a step may offer when flat out is FLAT_OUT tps ({@link CapacityDefaults#CEILING_OVER_FLAT_OUT}). */
    static double ceilingOver(double flatOutTps) {
        return flatOutTps * CapacityDefaults.CEILING_OVER_FLAT_OUT;
    }

    /** The same plan with at most STEPS steps (lab capacity --max-steps). */
    public SearchPlan withMaxSteps(int steps) {
        if (steps < 1) {
            throw new BadInputException("--max-steps " + steps + ": expected at least 1");
        }
        return new SearchPlan(startTps, startFrom, ceilingTps, floorTps, precision, growth, steps);
    }

    /** Refuses a --precision that is not a fraction strictly between 0 and 1. */
    public static void requirePrecision(double precision) {
        if (!(precision > 0 && precision < 1)) {
            throw new BadInputException("--precision " + precision + ": expected a fraction above 0 and below 1"
                    + " (0.05 for 5%)");
        }
    }
}
