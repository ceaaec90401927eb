package io.benchlab.lab.nightly;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.compare.Verdict;
import io.benchlab.lab.history.ChangePoint;
import io.benchlab.lab.history.EDivisive;
import io.benchlab.lab.history.History;
import io.benchlab.lab.history.Night;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.Status;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Judges a capacity cell's night against its earlier ok nights of the same search (objectives,
 * knobs but the seed, engine version, server settings). Each night's answer is an interval: the
 * capacity lies between its last pass and its first fail, the step test having made each end
 * evidence (see lab capacity's step judge). Two nights whose intervals overlap may have the same
 * capacity: no change.
 *
 * <p>Intervals that no longer overlap are not enough on their own. A search's answer strays from
 * night to night by more than its interval's width (simulated, 3.5% to 10% a night against a 5%
 * interval): tonight's interval then lies wholly below the last night's on 16% to 37% of nights
 * with nothing changed. So tonight must also lie outside what the earlier nights' own spread
 * allows ({@link Spread}: a prediction interval at the plan's alpha, with 3 earlier nights or
 * more): a regression or an improvement then; else inconclusive, which says what moved. Simulated
 * with 7 earlier nights (the default) and normal noise, that calls no change regressed on 0.1% to
 * 0.5% of nights, and finds a 20% drop on 57% (5% noise) to 91% (3.5%) of them. Slow drift that
 * no two neighbouring nights show is the history's part: with {@link EDivisive#LEAST_NIGHTS}
 * nights or more, a change point in the nights' capacities that falls on tonight is a verdict too.
 */
final class CapacityCellJudge {

    private CapacityCellJudge() {
    }

    /** TONIGHT's verdict (null: the cell left no search, for WHY), against EARLIER nights, oldest first, at ALPHA. */
    static CellVerdict judge(String cell, boolean canary, CapacityResult tonight, Path file, String why,
                             List<CapacityResult> earlier, double alpha) {
        if (tonight == null) {
            return new CellVerdict(cell, canary, Verdict.FAILED, why, null);
        }
        if (tonight.status() != Status.OK) {
            return new CellVerdict(cell, canary, Verdict.FAILED, tonight.status().json() + ": " + tonight.cause(), file);
        }
        List<CapacityResult> baseline = sameSearch(earlier.stream().filter(c -> c.status() == Status.OK).toList(),
                tonight);
        if (baseline.isEmpty()) {
            return new CellVerdict(cell, canary, earlier.isEmpty() ? Verdict.FIRST_NIGHT : Verdict.NOT_JUDGED,
                    earlier.isEmpty() ? "no earlier ok night to judge against"
                            : "the search changed since the last night (objectives, knobs or set-up); this night starts"
                            + " a new baseline", file);
        }
        CapacityResult last = baseline.get(baseline.size() - 1);
        String tonightText = "capacity " + interval(tonight);
        String lastText = interval(last) + " on the last night";
        Verdict moved = high(tonight) < low(last) ? Verdict.REGRESSED : low(tonight) > high(last) ? Verdict.IMPROVED
                : Verdict.NO_CHANGE;
        Verdict v = moved;
        String cause;
        if (moved == Verdict.NO_CHANGE) {
            cause = tonightText + " overlaps " + lastText;
        } else {
            cause = tonightText + " lies " + (moved == Verdict.REGRESSED ? "below " : "above ") + lastText;
            Spread spread = Spread.of(baseline);
            if (spread == null) {
                v = Verdict.INCONCLUSIVE;
                cause += "; too few earlier nights with a capacity to know how far a night strays ("
                        + Spread.LEAST_NIGHTS + " needed)";
            } else if (spread.outside(value(tonight), alpha)) {
                cause += " and outside what the earlier nights' spread allows (" + spread.describe(alpha) + ")";
            } else {
                v = Verdict.INCONCLUSIVE;
                cause += ", within what the earlier nights' spread allows (" + spread.describe(alpha) + ")";
            }
        }
        ChangePoint point = changePointTonight(baseline, tonight);
        if (point != null) {
            Verdict shift = point.meanAfter() < point.meanBefore() ? Verdict.REGRESSED : Verdict.IMPROVED;
            cause += String.format(java.util.Locale.ROOT, "; a change point in capacity falls on this night (%.0f -> %.0f"
                    + " tps, p %.2g)", point.meanBefore(), point.meanAfter(), point.pValue());
            v = v == Verdict.NO_CHANGE || v == Verdict.INCONCLUSIVE ? shift : v;
        }
        return new CellVerdict(cell, canary, v, cause + " (" + baseline.size()
                + (baseline.size() == 1 ? " earlier night)" : " earlier nights)"), file);
    }

    /** A night's capacity as one value: its interval's middle, or its one end where it has only one. */
    static double value(CapacityResult c) {
        Double lo = c.capacity().low();
        Double hi = c.capacity().high();
        return lo == null ? hi : hi == null ? lo : (lo + hi) / 2;
    }

    /** The last nights that searched as tonight did; a change starts a new baseline. */
    static List<CapacityResult> sameSearch(List<CapacityResult> nights, CapacityResult tonight) {
        int from = nights.size();
        while (from > 0 && sameSearch(nights.get(from - 1), tonight)) {
            from--;
        }
        return nights.subList(from, nights.size());
    }

    private static boolean sameSearch(CapacityResult a, CapacityResult b) {
        return a.objectives().stream().map(CapacityResult.Objective::text).toList()
                .equals(b.objectives().stream().map(CapacityResult.Objective::text).toList())
                && a.precision() == b.precision()
                && Objects.equals(a.knobs() == null ? null : a.knobs().with("seed", null),
                        b.knobs() == null ? null : b.knobs().with("seed", null))
                && Objects.equals(a.engine() == null ? null : a.engine().version(),
                        b.engine() == null ? null : b.engine().version())
                && Objects.equals(a.setup() == null ? null : a.setup().hash(), b.setup() == null ? null : b.setup().hash());
    }

    /** No pass: the capacity lies below the lowest rate tried. */
    private static double low(CapacityResult c) {
        return c.capacity().low() == null ? 0 : c.capacity().low();
    }

    /** No fail: the capacity lies somewhere above the highest rate tried. */
    private static double high(CapacityResult c) {
        return c.capacity().high() == null ? Double.POSITIVE_INFINITY : c.capacity().high();
    }

    private static String interval(CapacityResult c) {
        return "[" + (c.capacity().low() == null ? "0" : String.format(java.util.Locale.ROOT, "%,.0f", c.capacity().low()))
                + ", " + (c.capacity().high() == null ? "no fail" : String.format(java.util.Locale.ROOT, "%,.0f",
                c.capacity().high())) + "] tps";
    }

    private static ChangePoint changePointTonight(List<CapacityResult> baseline, CapacityResult tonight) {
        List<CapacityResult> all = new ArrayList<>(baseline);
        all.add(tonight);
        List<Night> nights = all.stream().filter(c -> c.capacity().low() != null).map(CapacityCellJudge::night).toList();
        if (nights.size() < EDivisive.LEAST_NIGHTS || tonight.capacity().low() == null) {
            return null;
        }
        return History.changePoints(nights, LabDefaults.HISTORY_P_VALUE).stream()
                .filter(p -> tonight.capacityId().equals(p.after().runId())).findFirst().orElse(null);
    }

    /**
     * A night as E-divisive takes one: its interval's ends as its "rounds", so that a night's value
     * is the interval's middle and the noise a night's value carries is at least what the interval's
     * width says (the method never takes the nights' variance below their rounds'); a search that
     * found no fail has its last pass only.
     */
    private static Night night(CapacityResult c) {
        Instant at = c.timestamps() == null || c.timestamps().ended() == null ? Instant.EPOCH
                : Instant.parse(c.timestamps().ended());
        double[] ends = c.capacity().high() == null ? new double[] {c.capacity().low()}
                : new double[] {c.capacity().low(), c.capacity().high()};
        return new Night(at.toString(), at, ends, Map.of(), c.capacityId());
    }
}
