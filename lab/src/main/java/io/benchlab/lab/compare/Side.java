package io.benchlab.lab.compare;

import java.util.ArrayList;
import java.util.List;

/**
 * One side of a comparison: one run, or several runs of one configuration. Its value of a metric
 * is the mean of its runs' values (each run's from all its rounds together); its samples are the
 * rounds of each run (see {@link RoundEvidence} for how runs and rounds make the noise).
 */
public record Side(List<ComparedRun> runs) {

    public Side {
        if (runs.isEmpty()) {
            throw new IllegalArgumentException("a side holds at least one run");
        }
        runs = List.copyOf(runs);
    }

    public static Side of(ComparedRun run) {
        return new Side(List.of(run));
    }

    ComparedRun first() {
        return runs.get(0);
    }

    String name() {
        return runs.size() == 1 ? first().name()
                : runs.size() + " runs: " + String.join(", ", runs.stream().map(r -> r.result().runId()).toList());
    }

    double value(Metric m) {
        return runs.stream().mapToDouble(r -> m.of(r.result().figures())).average().orElse(Double.NaN);
    }

    /** Each run's rounds' values of the metric; rounds that have none (nothing committed) are left out. */
    List<double[]> rounds(Metric m) {
        List<double[]> all = new ArrayList<>();
        for (ComparedRun r : runs) {
            all.add(r.result().rounds().stream().mapToDouble(round -> m.of(round.figures()))
                    .filter(x -> !Double.isNaN(x)).toArray());
        }
        return all;
    }
}
