package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.StepVerdict;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The search for the highest offered rate at which the objectives hold, as a state machine with no
 * I/O: {@link #next} says which rate to run next, {@link #record} takes that step's verdict, until
 * {@link #next} says nothing more and {@link #outcome} gives the answer.
 *
 * <p>It line-searches up from the start, the rate times {@link SearchPlan#growth} a step, never
 * above the ceiling (the capacity cannot exceed flat out), until a step fails; it line-searches down
 * by the same factor, never below the floor, until one passes. Once a rate passed and a higher one
 * failed it bisects between the last pass and the first fail, at their geometric middle (the
 * bracket's ratio halves in log each step), until (fail - pass) / pass is at most the precision.
 * Rates are rounded to the fewest significant digits that keep their grid under a quarter of the
 * precision (3 at 5%: 4,150 tps), so that they read as a person would pick them.
 *
 * <p>Why three verdicts, not two. A step passes on evidence that the objectives hold and fails on
 * evidence that they break ({@link StepJudge}); a step whose rounds straddle an objective is
 * {@link StepVerdict#UNCLEAR} and narrows nothing. It stays inside the interval [last pass, first
 * fail], whose ends are then one-sided confidence bounds of the rate where the typical round
 * crosses the objective (the pass's at {@link CapacityDefaults#ALPHA}, the fail's at
 * {@link CapacityDefaults#FAIL_ALPHA}), so two searches of the same set-up give overlapping intervals
 * unless one of four bounds is wrong. When a step failed for want of evidence, as it did
 * before, a round's noise of several times the precision moved the first fail below the other
 * search's last pass: their 5% intervals overlapped in a quarter of pairs at 20% noise a round
 * ({@code CapacityNoiseTest}). Between the ends the search bisects the wider gap below or above the
 * unclear steps. Once the unclear rates themselves span the precision, no pass and fail can come
 * within it: the search brings each end within the precision of them and ends there
 * ({@link SearchOutcome.End#SPREAD}); until then it bisects gaps down to the rates' grid. More
 * rounds a step narrow that span, more steps do not.
 *
 * <p>Steps needed with the defaults (growth 2, precision 5%, from a probe: start at half flat out,
 * ceiling 1.1 times, floor a fifth of the start; without noise, simulated in
 * {@code CapacitySearchTest}): a capacity between a quarter of flat out and flat out, 6 steps;
 * between a tenth and a quarter, 7; between flat out and the ceiling, 4; above the ceiling, 3 (no
 * fail); below the floor, 4 (no pass). 7 at most, so the default of 8 steps of 40-60 s and the probe
 * are done in under 10 minutes. From a given start without a probe: a capacity 0.3 to 1.5 times the
 * start, 6-7 steps; 3 times, 7; 5 times, 8; further up the steps run out before the precision, and
 * the outcome says so with the bracket it has. Unclear steps add steps: see {@code CapacityNoiseTest}.
 */
public final class CapacitySearch {

    private final SearchPlan plan;
    private final int digits;
    private final Double ceiling;
    private final double floor;
    private final List<Double> passes = new ArrayList<>();
    private final List<Double> fails = new ArrayList<>();
    private final List<Double> unclear = new ArrayList<>();
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

    /** The step at RATE (the one {@link #next} gave) had VERDICT. */
    public void record(double rate, StepVerdict verdict) {
        if (end != null || pending == null || rate != pending) {
            throw new IllegalStateException("a step at " + rate + " tps was not the next (" + pending + ")");
        }
        pending = null;
        (switch (verdict) {
            case PASS -> passes;
            case FAIL -> fails;
            case UNCLEAR -> unclear;
        }).add(rate);
        end = endNow();
    }

    /** As {@link #record(double, StepVerdict)}, from the step's judgement. */
    public void record(StepJudgement step) {
        record(step.offeredTps(), step.verdict());
    }

    public boolean ended() {
        return end != null;
    }

    public int steps() {
        return passes.size() + fails.size() + unclear.size();
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
            case SPREAD -> Shown.tps(lo) + " tps passed, " + Shown.tps(hi) + " failed: wider than "
                    + Shown.percent(plan.precision()) + ", since the rounds straddle the objectives between them (more"
                    + " rounds a step narrow that)";
            case NO_PASS -> "no rate passed, down to " + Shown.tps(lowest()) + " tps (the floor): the objectives"
                    + (fails.contains(lowest()) ? " do not hold" : " were not shown to hold") + " even at light load";
            case NO_FAIL -> "no rate failed, up to " + Shown.tps(highest()) + " tps (the ceiling, above flat out): the"
                    + " objectives " + (passes.contains(highest()) ? "hold flat out" : "were not shown to break there");
            case OUT_OF_STEPS -> "the " + plan.maxSteps() + " steps ran out before " + Shown.percent(plan.precision())
                    + ": capacity " + range;
            case UNFINISHED -> "stopped after " + steps() + " steps: capacity " + range;
        };
        List<Double> inside = unclearBetween(lo, hi);
        if (!inside.isEmpty()) {
            why += "; at " + inside.stream().map(Shown::tps).collect(Collectors.joining(", ")) + " tps the rounds"
                    + " showed neither";
        }
        return new SearchOutcome(how, lo, lo, hi, how == SearchOutcome.End.BRACKETED, why);
    }

    private double choose() {
        Double hi = firstFail();
        Double lo = lastPass(hi);
        if (steps() == 0) {
            return toJson(null).startTps();
        }
        if (lo == null) {
            return Math.max(round(lowest() / plan.growth()), floor);
        }
        if (hi == null) {
            double up = round(highest() * plan.growth());
            return ceiling == null ? up : Math.min(up, ceiling);
        }
        double[] gap = nextGap(lo, hi);
        double middle = Math.sqrt(gap[0] * gap[1]);
        double rounded = round(middle);
        return rounded > gap[0] && rounded < gap[1] ? rounded : middle;
    }

    /** How the search ends after the steps so far; null while it goes on. */
    private SearchOutcome.End endNow() {
        Double hi = firstFail();
        Double lo = lastPass(hi);
        if (lo != null && hi != null && (hi - lo) / lo <= plan.precision()) {
            return SearchOutcome.End.BRACKETED;
        }
        if (lo != null && hi != null && nextGap(lo, hi) == null) {
            return SearchOutcome.End.SPREAD;
        }
        if (lo == null && lowest() <= floor) {
            return SearchOutcome.End.NO_PASS;
        }
        if (hi == null && lo != null && ceiling != null && highest() >= ceiling) {
            return SearchOutcome.End.NO_FAIL;
        }
        return steps() >= plan.maxSteps() ? SearchOutcome.End.OUT_OF_STEPS : null;
    }

    /**
     * The gap to bisect next in [LO, HI] as {low, high}: the wider of those below and above the
     * unclear rates (the whole bracket when there are none), if it is wider than the precision. Once
     * the unclear rates span the precision no pass and fail can come within it, and the ends need
     * only come within the precision of them; until then a gap down to the rates' grid (a quarter of
     * the precision) is still worth a step. Null when no gap is.
     */
    private double[] nextGap(double lo, double hi) {
        List<Double> inside = unclearBetween(lo, hi);
        if (inside.isEmpty()) {
            return new double[] {lo, hi};
        }
        double first = inside.get(0);
        double last = inside.get(inside.size() - 1);
        double worth = (last - first) / first >= plan.precision() ? plan.precision() : plan.precision() / 4;
        double[] wider = hi / last > first / lo ? new double[] {last, hi} : new double[] {lo, first};
        return (wider[1] - wider[0]) / wider[0] > worth ? wider : null;
    }

    /** The unclear rates strictly between LO and HI (either null: unbounded), in order. */
    private List<Double> unclearBetween(Double lo, Double hi) {
        return unclear.stream().filter(u -> (lo == null || u > lo) && (hi == null || u < hi)).sorted().toList();
    }

    private double lowest() {
        return all().min(Double::compare).orElseThrow();
    }

    private double highest() {
        return all().max(Double::compare).orElseThrow();
    }

    private Stream<Double> all() {
        return Stream.of(passes, fails, unclear).flatMap(List::stream);
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
