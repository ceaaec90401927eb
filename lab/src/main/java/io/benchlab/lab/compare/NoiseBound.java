package io.benchlab.lab.compare;

import io.benchlab.results.Round;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How far a metric moves between two runs by chance alone, in the metric's own unit: half the
 * width of the 95% confidence interval of the difference of its means (see {@link Welch}).
 *
 * <ul>
 *   <li>From the interval samples: each run's measured intervals of all rounds, as one series per
 *       round. An interval shorter than half the run's --interval (the end of a round) is left
 *       out: its rate and percentiles rest on too few transactions.</li>
 *   <li>With two rounds or more on both sides, from the rounds' figures too, which also see what
 *       changes from one round to the next (the database's state, the neighbours). The larger of
 *       the two bounds is the noise bound.</li>
 * </ul>
 *
 * A result file's intervals carry no p95: p95 then takes p99's interval bound, relative to the
 * baseline's mean (a tail percentile further out is the noisier one). NaN when neither source has
 * two samples a side.
 */
final class NoiseBound {

    private NoiseBound() {
    }

    static double of(Metric metric, ComparedRun baseline, ComparedRun run) {
        double intervals = intervalBound(metric, baseline, run);
        if (Double.isNaN(intervals) && metric == Metric.P95) {
            double p99 = intervalBound(Metric.P99, baseline, run);
            double p99Mean = mean(series(Metric.P99, baseline));
            intervals = p99Mean > 0 ? p99 / p99Mean * metric.of(baseline.result().figures()) : Double.NaN;
        }
        double rounds = Welch.halfWidth(rounds(metric, baseline), rounds(metric, run));
        if (Double.isNaN(intervals)) {
            return rounds;
        }
        return Double.isNaN(rounds) ? intervals : Math.max(intervals, rounds);
    }

    private static double intervalBound(Metric metric, ComparedRun baseline, ComparedRun run) {
        return Welch.halfWidth(series(metric, baseline), series(metric, run));
    }

    /** The run's interval values of the metric, one array per round. */
    static List<double[]> series(Metric metric, ComparedRun run) {
        double shortest = run.result().knobs().intervalSeconds() / 2;
        Map<Integer, List<Double>> byRound = new TreeMap<>();
        for (IntervalSample s : run.intervals()) {
            double x = metric.of(s);
            if (s.seconds() >= shortest && !Double.isNaN(x)) {
                byRound.computeIfAbsent(s.round(), r -> new ArrayList<>()).add(x);
            }
        }
        return byRound.values().stream().map(l -> l.stream().mapToDouble(Double::doubleValue).toArray()).toList();
    }

    /** One single-value series per round: rounds are separate samples, not a series. */
    private static List<double[]> rounds(Metric metric, ComparedRun run) {
        List<Round> rounds = run.result().rounds();
        if (rounds.size() < 2) {
            return List.of();
        }
        return rounds.stream().filter(r -> r.figures() != null).map(r -> new double[] {metric.of(r.figures())}).toList();
    }

    private static double mean(List<double[]> series) {
        Welch.Moments m = Welch.moments(series);
        return m == null ? Double.NaN : m.mean();
    }
}
