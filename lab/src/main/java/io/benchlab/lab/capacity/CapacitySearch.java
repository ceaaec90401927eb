package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.StepVerdict;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Comparator;
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
 * above the ceiling (the capacity cannot exceed flat out; a step that achieved more than the probe
 * raises it), until a step fails; it line-searches down by the same factor, never below the floor,
 * until one passes. Once a rate passed and a higher one failed it bisects between the last pass
 * and the first fail, at their geometric middle (the bracket's ratio halves in log each step),
 * until (fail - pass) / pass is at most the precision.
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
 * <p>Why the ends are run twice. A step's rounds share the minute they run in, so they show how
 * the set-up varies within a step, not from one step to the next; on a shared host its speed moves
 * by more than that (the bench README has this machine's). A bracket's ends, each run once, stand
 * for two single minutes. So before the search ends on a bracket it runs each end again, the one
 * run longer ago first ({@link #REPEATS}). A repeat that fails where the first step passed (or
 * passes where it failed) leaves that rate neither; an unclear repeat contradicts nothing. The
 * interval is drawn around every contradiction: its low end the highest rate that passed below
 * every rate where a step failed, its high end the lowest that failed above every rate where one
 * passed, and the rates between are bisected around as unclear ones are. In simulation
 * ({@code CapacityNoiseTest}: rounds 10% apart, steps 5%) two searches' intervals overlapped in 52%
 * of pairs with each end run once and in 86% with each run twice; the price is steps.
 *
 * <p>Steps needed with the defaults (growth 2, precision 5%, from a probe: start at half flat out,
 * ceiling 1.1 times, floor a fifth of the start; without noise, simulated in
 * {@code CapacitySearchTest}): a capacity between a quarter of flat out and flat out, 8 steps (2 of
 * them repeats); between a tenth and a quarter, 9; between flat out and the ceiling, 6; above the
 * ceiling, 3 (no fail); below the floor, 4 (no pass): 9 at most, within the default of
 * {@link CapacityDefaults#MAX_STEPS}. How long searches took is measured in docs/analysis/capacity.md.
 * From a given start without a probe: a capacity 0.3
 * to 1.5 times the start, 8-9 steps; 3 times, 9; 5 times, 10; further up the steps run out before
 * the precision, and the outcome says so with the bracket it has. Unclear steps add steps: see
 * {@code CapacityNoiseTest}.
 */
public final class CapacitySearch {

    /** How many times each end of a bracket is run before the search ends on it. */
    static final int REPEATS = 2;

    private record Step(double rate, StepVerdict verdict) {
    }

    private final SearchPlan plan;
    private final int repeats;
    private final int digits;
    /** No step offers more; raised when a step achieved more than the flat out it was drawn from. */
    private Double ceiling;
    private final double floor;
    /** Every step so far, in the order run: a rate may be run more than once (an end, repeated). */
    private final List<Step> history = new ArrayList<>();
    private Double pending;
    private SearchOutcome.End end;

    public CapacitySearch(SearchPlan plan) {
        this(plan, REPEATS);
    }

    /** A search whose bracket's ends are each run REPEATS times (1: once, as the simulations compare). */
    CapacitySearch(SearchPlan plan, int repeats) {
        if (repeats < 1) {
            throw new IllegalArgumentException("repeats " + repeats);
        }
        this.repeats = repeats;
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
        record(rate, verdict, null);
    }

    /**
     * The step at RATE (the one {@link #next} gave) had VERDICT and achieved ACHIEVED tps (null: not
     * known). A step that achieved more than the flat out the ceiling was drawn from shows flat out
     * higher: a 5-s probe can land on a slow moment of the machine (one reached 3,258 tps, and a step
     * at its ceiling of 3,580 then achieved 3,576). The ceiling is then drawn from that step, so that
     * a slow probe does not cap the search below the capacity.
     */
    public void record(double rate, StepVerdict verdict, Double achieved) {
        if (end != null || pending == null || rate != pending) {
            throw new IllegalStateException("a step at " + rate + " tps was not the next (" + pending + ")");
        }
        pending = null;
        history.add(new Step(rate, verdict));
        if (ceiling != null && achieved != null && SearchPlan.ceilingOver(achieved) > ceiling) {
            ceiling = round(SearchPlan.ceilingOver(achieved), RoundingMode.DOWN);
        }
        end = endNow();
    }

    /** As {@link #record(double, StepVerdict, Double)}, from the step's judgement. */
    public void record(StepJudgement step) {
        record(step.offeredTps(), step.verdict(), step.achievedTps());
    }

    public boolean ended() {
        return end != null;
    }

    public int steps() {
        return history.size();
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
        Double lo = lastPass();
        SearchOutcome.End how = end == null ? SearchOutcome.End.UNFINISHED : end;
        String range = lo != null && hi != null ? "between " + Shown.tps(lo) + " and " + Shown.tps(hi)
                : lo != null ? "at least " + Shown.tps(lo) : hi != null ? "below " + Shown.tps(hi) : "not known";
        String again = repeats == 1 ? "" : " (neither contradicted when run again)";
        String why = switch (how) {
            case BRACKETED -> "within " + Shown.percent(plan.precision()) + ": " + Shown.tps(lo) + " tps passed, "
                    + Shown.tps(hi) + " failed" + again;
            case SPREAD -> Shown.tps(lo) + " tps passed, " + Shown.tps(hi) + " failed" + again + ": wider than "
                    + Shown.percent(plan.precision()) + ", since the rounds straddle the objectives between them (more"
                    + " rounds a step narrow that)";
            case NO_PASS -> "no rate passed, down to " + Shown.tps(lowest()) + " tps (the floor): the objectives"
                    + (verdictAt(lowest()) == StepVerdict.FAIL ? " do not hold" : " were not shown to hold")
                    + " even at light load";
            case NO_FAIL -> (anyFailed() ? "a step passed at or above every rate that failed" : "no rate failed")
                    + ", up to " + Shown.tps(highest()) + " tps (the ceiling, above flat out): the objectives "
                    + (verdictAt(highest()) == StepVerdict.PASS ? "hold flat out" : "were not shown to break there");
            case OUT_OF_STEPS -> "the " + plan.maxSteps() + " steps ran out before " + (bracketEnd(lo, hi) != null
                    ? "its ends were run again" : Shown.percent(plan.precision())) + ": capacity " + range;
            case UNFINISHED -> "stopped after " + steps() + " steps: capacity " + range;
        };
        List<Double> inside = inside(lo, hi);
        List<Double> disagreed = inside.stream().filter(r -> verdicts(r).anyMatch(v -> v != StepVerdict.UNCLEAR))
                .toList();
        List<Double> neither = inside.stream().filter(r -> !disagreed.contains(r)).toList();
        if (!neither.isEmpty()) {
            why += "; at " + tps(neither) + " tps the rounds showed neither";
        }
        if (!disagreed.isEmpty()) {
            why += "; the steps disagreed: " + disagreed.stream().map(this::verdictsShown)
                    .collect(Collectors.joining("; "));
        }
        return new SearchOutcome(how, lo, lo, hi, how == SearchOutcome.End.BRACKETED, why);
    }

    private double choose() {
        Double hi = firstFail();
        Double lo = lastPass();
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
        if (bracketEnd(lo, hi) != null) {
            return endToRepeat(lo, hi);
        }
        double[] gap = nextGap(lo, hi);
        double middle = Math.sqrt(gap[0] * gap[1]);
        double rounded = round(middle);
        return rounded > gap[0] && rounded < gap[1] ? rounded : middle;
    }

    /** How the search ends after the steps so far; null while it goes on. */
    private SearchOutcome.End endNow() {
        Double hi = firstFail();
        Double lo = lastPass();
        SearchOutcome.End bracket = bracketEnd(lo, hi);
        if (bracket != null && endToRepeat(lo, hi) == null) {
            return bracket;
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
     * How a bracket [LO, HI] would end the search once its ends are repeated: within the precision
     * ({@link SearchOutcome.End#BRACKETED}), or with no gap left worth a step
     * ({@link SearchOutcome.End#SPREAD}); null when it is no such bracket.
     */
    private SearchOutcome.End bracketEnd(Double lo, Double hi) {
        if (lo == null || hi == null) {
            return null;
        }
        if ((hi - lo) / lo <= plan.precision()) {
            return SearchOutcome.End.BRACKETED;
        }
        return nextGap(lo, hi) == null ? SearchOutcome.End.SPREAD : null;
    }

    /**
     * The end of the bracket [LO, HI] to run again: of those run fewer times than this search runs
     * each end ({@link #REPEATS} by default), the one run longest ago, so that the repeat lands as
     * far from it in time as the search allows. Null when both have been run enough.
     */
    private Double endToRepeat(double lo, double hi) {
        return Stream.of(lo, hi).filter(r -> verdicts(r).count() < repeats)
                .min(Comparator.comparingInt(this::lastRun)).orElse(null);
    }

    /**
     * The gap to bisect next in [LO, HI] as {low, high}: the wider of those below and above the
     * unclear rates (the whole bracket when there are none), if it is wider than the precision. Once
     * the unclear rates span the precision no pass and fail can come within it, and the ends need
     * only come within the precision of them; until then a gap down to the rates' grid (a quarter of
     * the precision) is still worth a step. Null when no gap is.
     */
    private double[] nextGap(double lo, double hi) {
        List<Double> inside = inside(lo, hi);
        if (inside.isEmpty()) {
            return new double[] {lo, hi};
        }
        double first = inside.get(0);
        double last = inside.get(inside.size() - 1);
        double worth = (last - first) / first >= plan.precision() ? plan.precision() : plan.precision() / 4;
        double[] wider = hi / last > first / lo ? new double[] {last, hi} : new double[] {lo, first};
        return (wider[1] - wider[0]) / wider[0] > worth ? wider : null;
    }

    /** The rates strictly between LO and HI (either null: unbounded), in order: unclear, or contradicting each other. */
    private List<Double> inside(Double lo, Double hi) {
        return history.stream().map(Step::rate).distinct().sorted()
                .filter(u -> (lo == null || u > lo) && (hi == null || u < hi)).toList();
    }

    private double lowest() {
        return history.stream().mapToDouble(Step::rate).min().orElseThrow();
    }

    private double highest() {
        return history.stream().mapToDouble(Step::rate).max().orElseThrow();
    }

    /**
     * The lowest rate that failed in every step run at it, above every rate at which any step
     * passed; null when there is none. A fail below a pass is a contradiction, not a bound: the two
     * steps saw the set-up at different speeds, and the interval holds both.
     */
    private Double firstFail() {
        Double top = extreme(StepVerdict.PASS, Comparator.reverseOrder());
        return rates(StepVerdict.FAIL).filter(r -> top == null || r > top).findFirst().orElse(null);
    }

    /** The highest rate that passed in every step run at it, below every rate at which any step failed; null when none. */
    private Double lastPass() {
        Double bottom = extreme(StepVerdict.FAIL, Comparator.naturalOrder());
        return rates(StepVerdict.PASS).filter(r -> bottom == null || r < bottom).max(Double::compare).orElse(null);
    }

    /** The first rate in ORDER at which any step had VERDICT; null when none did. */
    private Double extreme(StepVerdict verdict, Comparator<Double> order) {
        return history.stream().filter(step -> step.verdict() == verdict).map(Step::rate).min(order).orElse(null);
    }

    /** The distinct rates whose verdict ({@link #verdictAt}) is VERDICT, in order. */
    private Stream<Double> rates(StepVerdict verdict) {
        return history.stream().map(Step::rate).distinct().sorted().filter(r -> verdictAt(r) == verdict);
    }

    /**
     * A rate's verdict over its steps: a pass or a fail when its steps showed that and nothing
     * against it (an unclear step shows neither), otherwise unclear. A pass and a fail at one rate
     * are evidence of neither: the set-up's speed moved between them, by more than a step's rounds
     * can show, and the interval must hold that range.
     */
    private StepVerdict verdictAt(double rate) {
        List<StepVerdict> all = verdicts(rate).filter(v -> v != StepVerdict.UNCLEAR).distinct().toList();
        return all.size() == 1 ? all.get(0) : StepVerdict.UNCLEAR;
    }

    private Stream<StepVerdict> verdicts(double rate) {
        return history.stream().filter(step -> step.rate() == rate).map(Step::verdict);
    }

    private boolean anyFailed() {
        return history.stream().anyMatch(step -> step.verdict() == StepVerdict.FAIL);
    }

    /** "4,210 tps passed, then failed": the verdicts of RATE's steps in the order run. */
    private String verdictsShown(double rate) {
        return Shown.tps(rate) + " tps " + verdicts(rate).map(v -> switch (v) {
            case PASS -> "passed";
            case FAIL -> "failed";
            case UNCLEAR -> "was unclear";
        }).collect(Collectors.joining(", then "));
    }

    /** The index in the history of the last step at RATE. */
    private int lastRun(double rate) {
        for (int i = history.size() - 1; i >= 0; i--) {
            if (history.get(i).rate() == rate) {
                return i;
            }
        }
        throw new IllegalArgumentException("no step ran at " + rate);
    }

    private static String tps(List<Double> rates) {
        return rates.stream().map(Shown::tps).collect(Collectors.joining(", "));
    }

    /** RATE to the fewest significant digits whose grid is under a quarter of the precision (3 at 5%). */
    private double round(double rate) {
        return round(rate, RoundingMode.HALF_EVEN);
    }

    private double round(double rate, RoundingMode mode) {
        return new BigDecimal(rate).round(new MathContext(digits, mode)).doubleValue();
    }
}
