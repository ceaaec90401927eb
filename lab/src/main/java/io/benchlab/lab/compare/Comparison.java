package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.List;

/** One run against the baseline, metric by metric. */
public record Comparison(ComparedRun baseline, ComparedRun run, List<MetricDelta> deltas) {

    public static Comparison of(ComparedRun baseline, ComparedRun run, double thresholdPercent) {
        List<MetricDelta> deltas = Arrays.stream(Metric.values())
                .map(m -> MetricDelta.of(m, m.of(baseline.result().figures()), m.of(run.result().figures()),
                        NoiseBound.of(m, baseline, run), thresholdPercent))
                .toList();
        return new Comparison(baseline, run, deltas);
    }

    public boolean regressed() {
        return deltas.stream().anyMatch(d -> d.verdict() == Verdict.REGRESSED);
    }

    public Verdict verdict(String metricLabel) {
        return deltas.stream().filter(d -> d.metric().label.equals(metricLabel)).findFirst().orElseThrow().verdict();
    }
}
