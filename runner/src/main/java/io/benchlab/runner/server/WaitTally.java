package io.benchlab.runner.server;

import io.benchlab.runner.metrics.LatencySummary;
import java.util.Map;
import java.util.TreeMap;

/** Sessions by wait, summed over an interval's samples: their averages are what a board stacks. */
final class WaitTally {

    private final Map<String, Long> sums = new TreeMap<>();
    private int samples;

    void add(Map<String, Long> sessions) {
        sessions.forEach((wait, n) -> sums.merge(wait, n, Long::sum));
        samples++;
    }

    /** Each wait's sessions per sample, to 3 decimals; empty when nothing was sampled. */
    Map<String, Double> averages() {
        Map<String, Double> out = new TreeMap<>();
        if (samples > 0) {
            sums.forEach((wait, sum) -> out.put(wait, LatencySummary.round3((double) sum / samples)));
        }
        return out;
    }

    void reset() {
        sums.clear();
        samples = 0;
    }
}
