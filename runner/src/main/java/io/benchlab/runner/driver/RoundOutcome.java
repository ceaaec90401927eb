package io.benchlab.runner.driver;

import io.benchlab.results.Memory;
import io.benchlab.runner.metrics.PhaseTotals;
import java.util.List;

/** One measured round as the driver saw it. */
public record RoundOutcome(int index, double seconds, PhaseTotals totals, Memory memory) {

    public double tps() {
        return seconds > 0 ? totals.committed() / seconds : 0;
    }

    /**
     * All the rounds as one measured phase: their histograms and counts added (exact, as
     * HdrHistograms add), their times summed, and the highest memory any of them saw. Index 0.
     */
    public static RoundOutcome together(List<RoundOutcome> rounds) {
        PhaseTotals sum = new PhaseTotals();
        double seconds = 0;
        long heap = 0;
        Long rss = null;
        for (RoundOutcome r : rounds) {
            sum.add(r.totals());
            seconds += r.seconds();
            if (r.memory() != null) {
                heap = Math.max(heap, r.memory().heapLiveMaxBytes());
                Long peak = r.memory().rssPeakBytes();
                rss = peak == null ? rss : rss == null ? peak : Math.max(rss, peak);
            }
        }
        return new RoundOutcome(0, seconds, sum, new Memory(heap, rss));
    }
}
