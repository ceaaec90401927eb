package io.benchlab.lab.nightly;

import io.benchlab.results.CapacityResult;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * How far one night's capacity strays from the earlier nights': the prediction interval of a new
 * night from theirs, {@code mean ± t(1 - alpha/2, n - 1) · s · sqrt(1 + 1/n)} over their values
 * (each its interval's middle, {@link CapacityCellJudge#value}). {@code s} is never taken below the
 * nights' mean half-width: nights that happen to agree cannot make the search's own resolution look
 * like certainty. Nights without a pass (no capacity found) are left out.
 */
record Spread(double mean, double sd, int nights) {

    /** The fewest earlier nights with a capacity whose spread is judged: two leave t's tail too wide to find anything. */
    static final int LEAST_NIGHTS = 3;

    /** The spread of NIGHTS, or null when fewer than {@link #LEAST_NIGHTS} found a capacity. */
    static Spread of(List<CapacityResult> nights) {
        List<CapacityResult> found = nights.stream().filter(c -> c.capacity().low() != null).toList();
        if (found.size() < LEAST_NIGHTS) {
            return null;
        }
        double[] values = found.stream().mapToDouble(CapacityCellJudge::value).toArray();
        double mean = java.util.Arrays.stream(values).average().orElseThrow();
        double ss = java.util.Arrays.stream(values).map(v -> (v - mean) * (v - mean)).sum();
        double halfWidth = found.stream().filter(c -> c.capacity().high() != null)
                .mapToDouble(c -> (c.capacity().high() - c.capacity().low()) / 2).average().orElse(0);
        return new Spread(mean, Math.max(Math.sqrt(ss / (values.length - 1)), halfWidth), values.length);
    }

    double halfWidth(double alpha) {
        return TDistribution.of(nights - 1).inverseSurvivalProbability(alpha / 2) * sd * Math.sqrt(1 + 1.0 / nights);
    }

    boolean outside(double value, double alpha) {
        return Math.abs(value - mean) > halfWidth(alpha);
    }

    String describe(double alpha) {
        return String.format(Locale.ROOT, "%,.0f ± %,.0f tps from %d nights at alpha %s", mean, halfWidth(alpha), nights,
                alpha);
    }
}
