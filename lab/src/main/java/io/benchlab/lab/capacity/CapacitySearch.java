package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The search for the highest offered rate at which the objectives hold, as a state machine with no
 * I/O: {@link #next} says which rate to run next, {@link #record} takes that step's pass or fail,
 * until {@link #next} says nothing more and {@link #outcome} gives the answer.
 *
 * <p>It line-searches up from the start, the rate times {@link SearchPlan#growth} a step, never
 * above the ceiling (the capacity cannot exceed flat out); from a failing start it line-searches down
 * by the same factor, never below the floor. Once a rate passed and a higher one failed it bisects
 * between the last pass and the first fail, at their geometric middle (the bracket's ratio halves in
 * log each step), until (fail - pass) / pass is at most the precision. Rates are rounded to the
 * fewest significant digits that keep their grid under a quarter of the precision (3 at 5%: 4,150
 * tps), so that they read as a person would pick them.
 *
 * <p>Steps needed with the defaults (growth 2, precision 5%, from a probe: start at half flat out,
 * ceiling 1.1 times, floor a tenth; simulated in {@code CapacitySearchTest}): a capacity between a
 * quarter of flat out and flat out, 6 steps; between a tenth and a quarter, 7; between flat out and
 * the ceiling, 4; above the ceiling, 3 (no fail); below the floor, 4 (no pass). 7 at most, so the
 * default of 8 steps of 40-60 s and the probe are done in under 10 minutes. From a given start
 * without a probe: a capacity 0.3 to 1.5 times the start, 6-7 steps; 3 times, 7; 5 times, 8; further
 * up the steps run out before the precision, and the outcome says so with the bracket it has.
 */
public final class CapacitySearch {

    private final SearchPlan plan;
    private final int digits;
    private final Double ceiling;
    private final double floor;
    private final List<Double> passes = new ArrayList<>();
    private final List<Double> fails = new ArrayList<>();
    private Double pending;
    private SearchOutcome.End end;

    public CapacitySearch(SearchPlan plan) {
        this.plan = plan;
        this.digits = (int) Math.ceil(1 + Math.log10(4 / plan.precision()));
        this.ceiling = plan.ceilingTps() == null ? null : round(plan.ceilingTps(), RoundingMode.DOWN);
        this.floor = round(plan.floorTps(), RoundingMode.UP);
    }

    /** The rate to run next; empty when the search has ended. Asking twice without a record gives the same rate. */
    public OptionalDouble next() {
        if (end != null) {
            return OptionalDouble.empty();
        }
        if (pending == null) {
            pending = choose();
        }
        return OptionalDouble.of(pending);
    }

    /** The step at RATE (the one {@link #next} gave) passed or not. */
    public void record(double rate, boolean pass) {
        if (end != null || pending == null || rate != pending) {
            throw new IllegalStateException("a step at " + rate + " tps was not the next (" + pending + ")");
        }
        pending = null;
        (pass ? passes : fails).add(rate);
        end = endNow();
    }

    /** As {@link #record(double, boolean)}, from the step's judgement. */
    public void record(StepJudgement step) {
        record(step.offeredTps(), step.pass());
    }

    public boolean ended() {
        return end != null;
    }

    public int steps() {
        return passes.size() + fails.size();
    }

    public SearchPlan plan() {
        return plan;
    }

    /** How the search goes about it, as the capacity result records it: the rates as it offers them (rounded). */
    public CapacityResult.Search toJson(CapacityResult.Probe probe) {
        double start = ceiling == null ? round(plan.startTps()) : Math.min(round(plan.startTps()), ceiling);
        return new CapacityResult.Search(start, plan.startFrom(), probe, ceiling, plan.growth(), plan.maxSteps());
    }

    /** The answer: the end's, or, before the end, what the steps so far show. */
    public SearchOutcome outcome() {
        Double hi = firstFail();
        Double lo = lastPass(hi);
        SearchOutcome.End how = end == null ? SearchOutcome.End.UNFINISHED : end;
        String range = lo != null && hi != null ? "between " + Shown.tps(lo) + " and " + Shown.tps(hi)
                : lo != null ? "at least " + Shown.tps(lo) : hi != null ? "below " + Shown.tps(hi) : "not known";
        String why = switch (how) {
            case BRACKETED -> "within " + Shown.percent(plan.precision()) + ": " + Shown.tps(lo) + " tps passed, "
                    + Shown.tps(hi) + " failed";
            case NO_PASS -> "no rate passed, down to " + Shown.tps(hi) + " tps (the floor):"
                    + " the objectives do not hold even at light load";
            case NO_FAIL -> "no rate failed, up to " + Shown.tps(lo) + " tps (the ceiling, above flat out):"
                    + " the objectives hold flat out";
            case OUT_OF_STEPS -> "the " + plan.maxSteps() + " steps ran out before " + Shown.percent(plan.precision())
                    + ": capacity " + range;
            case UNFINISHED -> "stopped after " + steps() + " steps: capacity " + range;
        };
        return new SearchOutcome(how, lo, lo, hi, how == SearchOutcome.End.BRACKETED, why);
    }

    private double choose() {
        Double hi = firstFail();
        Double lo = lastPass(hi);
        if (steps() == 0) {
            return toJson(null).startTps();
        }
        if (lo != null && hi != null) {
            double middle = Math.sqrt(lo * hi);
            double rounded = round(middle);
            return rounded > lo && rounded < hi ? rounded : middle;
        }
        if (hi == null) {
            double up = round(lo * plan.growth());
            return ceiling == null ? up : Math.min(up, ceiling);
        }
        return Math.max(round(hi / plan.growth()), floor);
    }

    /** How the search ends after the steps so far; null while it goes on. */
    private SearchOutcome.End endNow() {
        Double hi = firstFail();
        Double lo = lastPass(hi);
        if (lo != null && hi != null && (hi - lo) / lo <= plan.precision()) {
            return SearchOutcome.End.BRACKETED;
        }
        if (lo == null && hi != null && hi <= floor) {
            return SearchOutcome.End.NO_PASS;
        }
        if (hi == null && lo != null && ceiling != null && lo >= ceiling) {
            return SearchOutcome.End.NO_FAIL;
        }
        return steps() >= plan.maxSteps() ? SearchOutcome.End.OUT_OF_STEPS : null;
    }

    /** The lowest rate that failed; null when none did. */
    private Double firstFail() {
        return fails.stream().min(Double::compare).orElse(null);
    }

    /** The highest rate that passed below HI (any, when HI is null); null when none did. */
    private Double lastPass(Double hi) {
        return passes.stream().filter(p -> hi == null || p < hi).max(Double::compare).orElse(null);
    }

    /** RATE to the fewest significant digits whose grid is under a quarter of the precision (3 at 5%). */
    private double round(double rate) {
        return round(rate, RoundingMode.HALF_EVEN);
    }

    private double round(double rate, RoundingMode mode) {
        return new BigDecimal(rate).round(new MathContext(digits, mode)).doubleValue();
    }
}
