package io.benchlab.runner.driver;

import io.benchlab.results.Memory;
import io.benchlab.runner.metrics.PhaseTotals;

/** One measured round as the driver saw it. */
public record RoundOutcome(int index, double seconds, PhaseTotals totals, Memory memory) {

    public double tps() {
        return seconds > 0 ? totals.committed() / seconds : 0;
    }
}
