package io.benchlab.runner.driver;

import io.benchlab.results.Memory;
import io.benchlab.runner.metrics.PhaseTotals;
import java.util.List;

/**
 * One measured round as the driver saw it; {@code cpuSeconds} is the process's CPU in it and
 * {@code jitSeconds} its JIT compiler threads' CPU in it, each null when unknown.
 */
public record RoundOutcome(int index, double seconds, PhaseTotals totals, Memory memory, Double cpuSeconds,
                           Double jitSeconds) {

    public RoundOutcome(int index, double seconds, PhaseTotals totals, Memory memory) {
        this(index, seconds, totals, memory, null, null);
    }

    public double tps() {
        return seconds > 0 ? totals.committed() / seconds : 0;
    }

    /**
     * All the rounds as one measured phase: their histograms and counts added (exact, as
     * HdrHistograms add), their times, CPU and compiling summed (each unknown if one round's is), and the
     * highest memory any of them saw. Index 0.
     */
    public static RoundOutcome together(List<RoundOutcome> rounds) {
        PhaseTotals sum = new PhaseTotals();
        double seconds = 0;
        long heap = 0;
        Long rss = null;
        Double cpu = rounds.isEmpty() ? null : 0.0;
        Double jit = rounds.isEmpty() ? null : 0.0;
        for (RoundOutcome r : rounds) {
            sum.add(r.totals());
            seconds += r.seconds();
            cpu = cpu == null || r.cpuSeconds() == null ? null : cpu + r.cpuSeconds();
            jit = jit == null || r.jitSeconds() == null ? null : jit + r.jitSeconds();
            if (r.memory() != null) {
                heap = Math.max(heap, r.memory().heapLiveMaxBytes());
                Long peak = r.memory().rssPeakBytes();
                rss = peak == null ? rss : rss == null ? peak : Math.max(rss, peak);
            }
        }
        return new RoundOutcome(0, seconds, sum, new Memory(heap, rss), cpu, jit);
    }
}
