package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;

/**
 * How a capacity search ended, or stands when it was stopped: the capacity (the highest rate that
 * passed, null when none did), the interval [low, high] it lies in (high the lowest rate that failed
 * above it, null when none did; unclear steps lie between), whether that is within the precision
 * asked, and why, in one line.
 */
public record SearchOutcome(End end, Double capacity, Double low, Double high, boolean reachedPrecision, String why) {

    /** The ways a search ends. */
    public enum End {
        /** A pass and a fail within the precision: the capacity lies between them. */
        BRACKETED,
        /**
         * A pass and a fail further apart than the precision, with only unclear steps between them
         * that leave no way to bring a pass and a fail within it: the rounds straddle the objectives
         * over about the precision or more.
         */
        SPREAD,
        /** Even the floor failed: the objectives do not hold at light load. */
        NO_PASS,
        /** The ceiling passed: the objectives hold flat out, the capacity is at least that. */
        NO_FAIL,
        /** The steps ran out first: the answer is what they showed. */
        OUT_OF_STEPS,
        /** Stopped before it ended (interrupted, a step's run failed for good): what the steps so far showed. */
        UNFINISHED
    }

    /** As the capacity result records it. */
    public CapacityResult.Answer toJson() {
        return new CapacityResult.Answer(capacity, low, high, reachedPrecision, why);
    }
}
