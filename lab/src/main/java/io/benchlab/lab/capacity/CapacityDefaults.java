package io.benchlab.lab.capacity;

/**
 * Defaults of lab capacity, with why. A search's time is its steps' time: each step a warm-up and
 * {@link #ROUNDS} rounds of {@link #ROUND_SECONDS} s, with the step's own start and checks; the
 * defaults let a search reach {@link #PRECISION} in at most {@link #MAX_STEPS} steps
 * from a probe's start (see {@link CapacitySearch} for the counts); how long searches took is
 * measured in docs/analysis/capacity.md.
 */
public final class CapacityDefaults {

    private CapacityDefaults() {
    }

    /**
     * The level of the step test ({@link SignTest}): a step passes when the rounds show the objective
     * held with at most this chance of a pass by luck. 0.05 (not lab compare's 0.01): a capacity
     * search runs many steps in a row, and at 0.01 a step would need 7 rounds, 40% longer.
     */
    public static final double ALPHA = 0.05;

    /**
     * The level at which a step's rounds show an objective broken, so that the step fails rather than
     * being unclear: with 5 rounds, at least 4 broke it (6/32 = 0.19 by chance if the typical round met
     * it). Looser than {@link #ALPHA}, since a fail claims less than a pass: it only bounds the
     * capacity from above. In the simulation of {@code CapacityNoiseTest} (10% and 20% noise a round),
     * when this level was chosen (before the bracket's ends were run twice), two searches' intervals
     * overlapped in 97% and 96% of pairs at this level, 100% at 0.05 (all 5 broke), and reached 5% in
     * 34% and 11% of searches against 13% and 3%. On the rounds of this
     * machine's searches (p99 spread 30-90% a round, but rising steeply past the knee) 4 of 5 drew
     * the intervals a pass-or-fail test did, where 5 of 5 left the steps at the knee unclear.
     */
    public static final double FAIL_ALPHA = 0.2;

    /** Rounds a step: the fewest with which the sign test can pass at {@link #ALPHA} (all 5: 1/32 = 0.031). */
    public static final int ROUNDS = SignTest.minimumRounds(ALPHA);

    /**
     * Seconds a round: long enough that a round's p99 rests on some 50 transactions at 1,000 tps
     * (its p999 on 5), short enough that 5 rounds and a warm-up make a step under a minute.
     */
    public static final double ROUND_SECONDS = 5;

    /** --precision: the search ends when (first fail - last pass) / last pass is at most this. */
    public static final double PRECISION = 0.05;

    /**
     * The factor of the line search, up from the start (down from a failing one). 2 reaches the
     * ceiling (flat out x 1.1) from half of flat out in 2 steps and leaves a bracket of 2, which
     * bisection (at the geometric middle) narrows to 5% in 4 steps: 6 steps for a capacity between
     * a quarter of flat out and flat out, 7 at most above the floor, before the bracket's ends are
     * run again. 1.5 leaves tighter brackets but
     * needs more steps to reach them: 9 at most; 1.75, 8 (simulated over capacities from 0.1 to 2.5
     * times flat out).
     */
    public static final double GROWTH = 2;

    /**
     * The most steps of a search: one from a probe's start needs 9 at most, 2 of them the bracket's
     * ends run again (see {@link CapacitySearch}), and one more covers a given start up to 5 times
     * below its capacity. A search's time is its steps' (docs/analysis/capacity.md has measured ones).
     */
    public static final int MAX_STEPS = 10;

    /** The first step offers this share of the probe's flat-out tps: where a rate limit starts to matter. */
    public static final double START_OF_FLAT_OUT = 0.5;

    /**
     * No step offers more than the probe's flat-out tps times this: a rate above flat out cannot be
     * kept (it shows as missed starts), and 10% covers the probe's own noise (a short run). A step
     * that achieved more than the probe draws the ceiling from its own tps instead.
     */
    public static final double CEILING_OVER_FLAT_OUT = 1.1;

    /**
     * The search goes no lower than this share of its start (a tenth of flat out from a probe):
     * there the objective is about the unloaded latency, not a capacity, and lab capacity says that
     * no rate passed rather than search on, after 4 steps from a failing start (1, 1/2, 1/4 and the
     * floor, 1/5).
     */
    public static final double FLOOR_OF_START = 0.2;

    /**
     * A step fails when more than this share of its scheduled starts were missed (the clients fell
     * so far behind that they never began them). A missed start has no latency, so it is missing
     * from the histogram, and it would have been among the slowest: with a share m of starts missed
     * the true p99 is the measured p(0.99 / (1 - m)) at worst. At 0.1% that is the measured p99.1,
     * close enough; at 1% (the figure first suggested) it would be the measured maximum. Stricter
     * objectives lower the bound (a tenth of their tail: see {@link StepJudge#missedStartsBound}).
     */
    public static final double MISSED_STARTS = 0.001;
}
