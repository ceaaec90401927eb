package io.benchlab.runner.driver;

import io.benchlab.runner.metrics.PhaseTotals;

/** One measured round as the driver saw it. */
public record RoundOutcome(int index, double seconds, PhaseTotals totals, long memoryMax, long memoryMin) {

    public double tps() {
        return seconds > 0 ? totals.committed() / seconds : 0;
    }
}
