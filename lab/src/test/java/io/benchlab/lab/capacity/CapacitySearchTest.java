package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.StepVerdict;
import io.benchlab.runner.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.function.DoublePredicate;
import org.junit.jupiter.api.Test;

/**
 * The search against simulated set-ups. Without noise a step passes exactly up to a capacity C; the
 * search must bracket C within the precision in the steps {@link CapacitySearch} documents, and never
 * offer more than the ceiling.
 */
class CapacitySearchTest {

    private static final double FLAT_OUT = 10_000;

    /** Capacities from 0.05 to 3 times flat out, 400 of them evenly in log. */
    private static List<Double> capacities() {
        List<Double> c = new ArrayList<>();
        for (int i = 0; i < 400; i++) {
            c.add(FLAT_OUT * 0.05 * Math.pow(60, i / 399.0));
        }
        return c;
    }

    /** Runs a search to its end, a step passing when PASSES says so; the rates it offered in ASKED. */
    static CapacitySearch run(SearchPlan plan, DoublePredicate passes, List<Double> asked) {
        CapacitySearch search = new CapacitySearch(plan);
        while (search.next().isPresent()) {
            double rate = search.next().getAsDouble();
            asked.add(rate);
            search.record(rate, passes.test(rate) ? StepVerdict.PASS : StepVerdict.FAIL);
        }
        return search;
    }

    /** Runs a search of a set-up that passes up to A, fails from B, and is unclear between. */
    static CapacitySearch band(SearchPlan plan, double a, double b, List<Double> asked) {
        CapacitySearch search = new CapacitySearch(plan);
        while (search.next().isPresent()) {
            double rate = search.next().getAsDouble();
            asked.add(rate);
            search.record(rate, rate <= a ? StepVerdict.PASS : rate >= b ? StepVerdict.FAIL : StepVerdict.UNCLEAR);
        }
        return search;
    }

    @Test
    void fromAProbeItBracketsTheCapacityInTheDocumentedSteps() {
        TreeMap<Double, Integer> mostSteps = new TreeMap<>();
        for (double c : capacities()) {
            List<Double> asked = new ArrayList<>();
            CapacitySearch s = run(SearchPlan.fromProbe(FLAT_OUT, 0.05), rate -> rate <= c, asked);
            SearchOutcome o = s.outcome();
            assertThat(asked).as("capacity %s", c).allMatch(rate -> rate <= 1.1 * FLAT_OUT && rate >= 0.1 * FLAT_OUT);
            if (c >= 1.1 * FLAT_OUT) {
                assertThat(o.end()).isEqualTo(SearchOutcome.End.NO_FAIL);
                assertThat(o.capacity()).isEqualTo(11_000);
                assertThat(o.high()).isNull();
            } else if (c < 0.1 * FLAT_OUT) {
                assertThat(o.end()).isEqualTo(SearchOutcome.End.NO_PASS);
                assertThat(o.capacity()).isNull();
                assertThat(o.high()).isEqualTo(1000);
            } else {
                assertThat(o.end()).as("capacity %s", c).isEqualTo(SearchOutcome.End.BRACKETED);
                assertThat(o.low()).isLessThanOrEqualTo(c);
                assertThat(o.high()).isGreaterThan(c);
                assertThat((o.high() - o.low()) / o.low()).isLessThanOrEqualTo(0.05);
                assertThat(o.reachedPrecision()).isTrue();
            }
            double region = c < 0.1 * FLAT_OUT ? 0 : c < 0.25 * FLAT_OUT ? 0.1 : c < FLAT_OUT ? 0.25
                    : c < 1.1 * FLAT_OUT ? 1 : 1.1;
            mostSteps.merge(region, s.steps(), Math::max);
        }
        assertThat(mostSteps).containsExactlyEntriesOf(new TreeMap<>(java.util.Map.of(
                0.0, 4, 0.1, 9, 0.25, 8, 1.0, 6, 1.1, 3)));
    }

    @Test
    void fromAGivenStartItBracketsWithinTheMostStepsUpToFiveTimesTheStart() {
        for (double times : new double[] {0.21, 0.3, 0.9, 1.5, 3, 5}) {
            double c = 1000 * times;
            CapacitySearch s = run(SearchPlan.fromStart(1000, null, 0.05), rate -> rate <= c, new ArrayList<>());
            assertThat(s.outcome().end()).as("%s times the start", times).isEqualTo(SearchOutcome.End.BRACKETED);
            assertThat(s.steps()).isLessThanOrEqualTo(CapacityDefaults.MAX_STEPS);
        }
    }

    @Test
    void farBelowItsCapacityTheStepsRunOutWithTheBracketItHas() {
        List<Double> asked = new ArrayList<>();
        CapacitySearch s = run(SearchPlan.fromStart(1000, null, 0.05), rate -> rate <= 10_500, asked);
        SearchOutcome o = s.outcome();
        assertThat(o.end()).isEqualTo(SearchOutcome.End.OUT_OF_STEPS);
        assertThat(asked).hasSize(CapacityDefaults.MAX_STEPS).startsWith(1000.0, 2000.0, 4000.0, 8000.0, 16_000.0);
        assertThat(o.low()).isLessThanOrEqualTo(10_500);
        assertThat(o.high()).isGreaterThan(10_500);
        assertThat(o.reachedPrecision()).isFalse();
        assertThat(o.why()).startsWith("the 10 steps ran out before its ends were run again: capacity between ");
    }

    @Test
    void theOutcomeSaysWhyInOneLine() {
        assertThat(run(SearchPlan.fromProbe(FLAT_OUT, 0.05), rate -> rate <= 4321, new ArrayList<>()).outcome().why())
                .matches("within 5%: 4,[0-9]{3} tps passed, 4,[0-9]{3} failed \\(neither contradicted when run again\\)");
        assertThat(run(SearchPlan.fromProbe(FLAT_OUT, 0.05), rate -> false, new ArrayList<>()).outcome().why())
                .isEqualTo("no rate passed, down to 1,000 tps (the floor): the objectives do not hold even at light load");
        assertThat(run(SearchPlan.fromProbe(FLAT_OUT, 0.05), rate -> true, new ArrayList<>()).outcome().why())
                .isEqualTo("no rate failed, up to 11,000 tps (the ceiling, above flat out): the objectives hold flat out");
    }

    /**
     * A bracket's ends are each run twice before the search ends on them, the end run longer ago
     * first: a step's rounds show the minute they ran in, a repeat later shows whether the set-up
     * still holds (or breaks) there.
     */
    @Test
    void theEndsOfTheBracketAreEachRunTwiceTheOlderFirst() {
        List<Double> asked = new ArrayList<>();
        SearchOutcome o = run(SearchPlan.fromProbe(FLAT_OUT, 0.05), rate -> rate <= 4321, asked).outcome();
        assertThat(o.end()).isEqualTo(SearchOutcome.End.BRACKETED);
        assertThat(asked).filteredOn(r -> r.equals(o.low())).hasSize(2);
        assertThat(asked).filteredOn(r -> r.equals(o.high())).hasSize(2);
        assertThat(asked.stream().distinct().count()).isEqualTo(asked.size() - 2);
        List<Double> firstRuns = asked.subList(0, asked.size() - 2);
        double older = firstRuns.indexOf(o.low()) < firstRuns.indexOf(o.high()) ? o.low() : o.high();
        assertThat(asked.subList(asked.size() - 2, asked.size())).containsExactly(older,
                older == o.low() ? o.high() : o.low());
    }

    /**
     * A set-up that slows by 10% halfway through the search: the repeat of the pass it found
     * before now fails, so that rate is neither a pass nor a fail, and the interval the search ends
     * with holds it: the slower capacity, up to the rate the faster one passed.
     */
    @Test
    void aRepeatThatDisagreesLeavesItsRateInsideTheInterval() {
        List<Double> asked = new ArrayList<>();
        CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(FLAT_OUT, 0.05));
        while (s.next().isPresent()) {
            double rate = s.next().getAsDouble();
            asked.add(rate);
            double capacity = asked.size() <= 6 ? 4321 : 3900;
            s.record(rate, rate <= capacity ? StepVerdict.PASS : StepVerdict.FAIL);
        }
        SearchOutcome o = s.outcome();
        assertThat(o.low()).as("rates %s", asked).isLessThanOrEqualTo(3900);
        assertThat(asked).as("the pass at 4,210 repeated").filteredOn(r -> r == 4210).hasSize(2);
        assertThat(o.high()).as("rates %s", asked).isGreaterThan(4210);
        assertThat(o.reachedPrecision()).isFalse();
        assertThat(o.why()).as("rates %s", asked)
                .endsWith("; the steps disagreed: 4,030 tps failed; 4,210 tps passed, then failed");
        assertThat(s.steps()).isLessThanOrEqualTo(CapacityDefaults.MAX_STEPS);
    }

    /**
     * A PostgreSQL search at p99<=250ms on this machine whose 5-s probe reached 3,258 tps: its
     * ceiling, 3,580, was unclear and achieved 3,576, more than the probe. That shows flat out
     * higher, so the search goes on to 1.1 times what the step achieved instead of ending there.
     */
    @Test
    void aStepThatAchievedMoreThanTheProbeRaisesTheCeiling() {
        CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(3257.958, 0.05));
        s.record(s.next().getAsDouble(), StepVerdict.PASS, 1630.0);
        s.record(s.next().getAsDouble(), StepVerdict.PASS, 3256.0);
        assertThat(s.next().getAsDouble()).as("the probe's ceiling").isEqualTo(3580);
        s.record(3580, StepVerdict.UNCLEAR, 3576.0);
        assertThat(s.ended()).isFalse();
        assertThat(s.next().getAsDouble()).as("1.1 x 3,576 rounded down").isEqualTo(3930);
        assertThat(s.toJson(null).ceilingTps()).isEqualTo(3930);
    }

    /**
     * A set-up whose flat out is 4,000 tps and capacity 3,900, its probe 20% slow: each step
     * achieves its rate up to flat out. The search brackets the capacity within the precision
     * rather than stopping at the probe's ceiling, and never offers more than 1.1 times flat out.
     */
    @Test
    void aSlowProbeDoesNotCapTheSearchBelowTheCapacity() {
        List<Double> asked = new ArrayList<>();
        CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(3200, 0.05));
        while (s.next().isPresent()) {
            double rate = s.next().getAsDouble();
            asked.add(rate);
            s.record(rate, rate <= 3900 ? StepVerdict.PASS : StepVerdict.FAIL, Math.min(rate, 4000));
        }
        SearchOutcome o = s.outcome();
        assertThat(o.end()).as("rates %s", asked).isEqualTo(SearchOutcome.End.BRACKETED);
        assertThat(o.low()).isLessThanOrEqualTo(3900);
        assertThat(o.high()).isGreaterThan(3900);
        assertThat(asked).allMatch(rate -> rate <= 4400).hasSizeLessThanOrEqualTo(CapacityDefaults.MAX_STEPS);
    }

    /**
     * The verdicts of an in-process HSQLDB search at p99<=250ms on this machine (probe 19,792 tps):
     * 19,800 missed its starts in the second step and passed when the search came back to it, and
     * the ceiling passed. The capacity stays below the rate that failed, and the answer does not
     * say that no rate failed.
     */
    @Test
    void aFailBelowTheCeilingThatPassedLaterKeepsTheCapacityBelowItAndIsTold() {
        List<StepVerdict> verdicts = List.of(StepVerdict.PASS, StepVerdict.FAIL, StepVerdict.PASS, StepVerdict.PASS,
                StepVerdict.PASS, StepVerdict.PASS, StepVerdict.PASS, StepVerdict.PASS);
        List<Double> asked = new ArrayList<>();
        CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(19_792, 0.05));
        while (s.next().isPresent()) {
            double rate = s.next().getAsDouble();
            s.record(rate, verdicts.get(asked.size()));
            asked.add(rate);
        }
        assertThat(asked).containsExactly(9900.0, 19_800.0, 14_000.0, 16_600.0, 18_100.0, 18_900.0, 19_800.0,
                21_700.0);
        SearchOutcome o = s.outcome();
        assertThat(o.end()).isEqualTo(SearchOutcome.End.NO_FAIL);
        assertThat(o.capacity()).isEqualTo(18_900);
        assertThat(o.high()).isNull();
        assertThat(o.why()).isEqualTo("a step passed at or above every rate that failed, up to 21,700 tps (the"
                + " ceiling, above flat out): the objectives hold flat out; the steps disagreed: 19,800 tps failed,"
                + " then passed; 21,700 tps passed");
    }

    /**
     * Where the rounds straddle the objective over 15%, wider than the precision, the search narrows
     * the unclear gaps to the precision and then ends, with the whole band inside its interval.
     */
    @Test
    void anUnclearBandWiderThanThePrecisionEndsTheSearchWithTheBandInsideItsInterval() {
        List<Double> asked = new ArrayList<>();
        SearchOutcome o = band(SearchPlan.fromProbe(FLAT_OUT, 0.05), 4000, 4600, asked).outcome();
        assertThat(o.end()).as("rates %s", asked).isEqualTo(SearchOutcome.End.SPREAD);
        assertThat(o.low()).isLessThanOrEqualTo(4000);
        assertThat(o.high()).isGreaterThanOrEqualTo(4600);
        assertThat(o.reachedPrecision()).isFalse();
        assertThat(asked).hasSizeLessThanOrEqualTo(CapacityDefaults.MAX_STEPS);
        List<Double> inside = asked.stream().filter(r -> r > o.low() && r < o.high()).sorted().toList();
        assertThat(inside).isNotEmpty().allMatch(r -> r > 4000 && r < 4600, "only unclear rates lie inside");
        assertThat(o.low() / 4000).as("the capacity within 5%% of the band").isGreaterThanOrEqualTo(1 / 1.05);
        assertThat(o.high() / 4600).isLessThanOrEqualTo(1.05);
        assertThat(o.why()).matches("[0-9,]+ tps passed, [0-9,]+ failed \\(neither contradicted when run again\\):"
                + " wider than 5%, since the rounds straddle the"
                + " objectives between them \\(more rounds a step narrow that\\); at [0-9, ]+ tps the rounds showed"
                + " neither");
    }

    /** An unclear band narrower than the precision still lets the search bracket within it. */
    @Test
    void anUnclearBandNarrowerThanThePrecisionIsBracketedAroundIt() {
        for (double a : new double[] {1500, 2600, 4000, 7300}) {
            List<Double> asked = new ArrayList<>();
            SearchOutcome o = band(SearchPlan.fromProbe(FLAT_OUT, 0.05), a, a * 1.02, asked).outcome();
            assertThat(o.end()).as("band from %s, rates %s", a, asked).isEqualTo(SearchOutcome.End.BRACKETED);
            assertThat(o.low()).isLessThanOrEqualTo(a);
            assertThat(o.high()).isGreaterThanOrEqualTo(a * 1.02);
            assertThat(asked).hasSizeLessThanOrEqualTo(CapacityDefaults.MAX_STEPS);
        }
    }

    /** An unclear start is neither bound: the search goes down for a pass, then up for a fail. */
    @Test
    void fromAnUnclearStartItLooksForAPassBelowAndAFailAbove() {
        List<Double> asked = new ArrayList<>();
        SearchOutcome o = band(SearchPlan.fromStart(1000, null, 0.05), 700, 1400, asked).outcome();
        assertThat(asked).startsWith(1000.0, 500.0, 2000.0);
        assertThat(o.low()).isLessThanOrEqualTo(700);
        assertThat(o.high()).isGreaterThanOrEqualTo(1400);
    }

    /** Unclear at the floor or the ceiling is no evidence that the objectives break or hold there. */
    @Test
    void anUnclearFloorOrCeilingIsSaidToShowNeither() {
        assertThat(band(SearchPlan.fromProbe(FLAT_OUT, 0.05), 0, Double.MAX_VALUE, new ArrayList<>()).outcome().why())
                .startsWith("no rate passed, down to 1,000 tps (the floor): the objectives were not shown to hold");
        SearchOutcome high = band(SearchPlan.fromProbe(FLAT_OUT, 0.05), 5000, Double.MAX_VALUE, new ArrayList<>())
                .outcome();
        assertThat(high.end()).isEqualTo(SearchOutcome.End.NO_FAIL);
        assertThat(high.why()).isEqualTo("no rate failed, up to 11,000 tps (the ceiling, above flat out): the objectives"
                + " were not shown to break there; at 10,000, 11,000 tps the rounds showed neither");
    }

    @Test
    void ratesAreRoundedToThreeDigitsAtFivePercentAndTheStartNeverExceedsTheCeiling() {
        List<Double> asked = new ArrayList<>();
        run(SearchPlan.fromProbe(2469, 0.05), rate -> rate <= 1700, asked);
        assertThat(asked).startsWith(1230.0, 2460.0, 1740.0);
        assertThat(new CapacitySearch(SearchPlan.fromStart(50_000, 2469.0, 0.05)).next().getAsDouble())
                .as("1.1 x 2,469 rounded down").isEqualTo(2710.0);
    }

    @Test
    void stoppedMidwayItSaysWhatTheStepsSoFarShow() {
        CapacitySearch s = new CapacitySearch(SearchPlan.fromProbe(FLAT_OUT, 0.05));
        s.record(s.next().getAsDouble(), StepVerdict.PASS);
        SearchOutcome o = s.outcome();
        assertThat(o.end()).isEqualTo(SearchOutcome.End.UNFINISHED);
        assertThat(o.capacity()).isEqualTo(5000);
        assertThat(o.why()).isEqualTo("stopped after 1 steps: capacity at least 5,000");
        assertThat(s.next().getAsDouble()).isEqualTo(10_000);
        assertThatThrownBy(() -> s.record(7000, StepVerdict.PASS)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void precisionMustBeAFractionBetweenZeroAndOne() {
        for (double bad : new double[] {0, 1, -0.05, 5, Double.NaN}) {
            assertThatThrownBy(() -> SearchPlan.fromProbe(FLAT_OUT, bad)).isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("--precision ").hasMessageEndingWith("(0.05 for 5%)");
        }
        assertThatThrownBy(() -> SearchPlan.fromProbe(0, 0.05)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> SearchPlan.fromStart(-1, null, 0.05)).isInstanceOf(BadInputException.class)
                .hasMessage("--start-rate -1.0: expected a rate above 0 tps");
        assertThatThrownBy(() -> SearchPlan.fromProbe(FLAT_OUT, 0.05).withMaxSteps(0))
                .isInstanceOf(BadInputException.class);
    }
}
