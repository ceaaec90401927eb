package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import java.io.PrintWriter;
import java.util.Locale;

/** Live progress, one line per interval, kept apart from the final summary. */
public final class ConsoleProgressSink implements ResultSink {

    private final PrintWriter out;

    public ConsoleProgressSink(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint p) {
        if (phase == Phase.WARMUP) {
            out.printf(Locale.ROOT, "warm-up  %7.1fs  tps %10.1f%n", p.t(), p.tps());
        } else {
            out.printf(Locale.ROOT, "round %d  %7.1fs  tps %10.1f  p50 %8.3f ms  p99 %8.3f ms  failed %d%n",
                    p.round(), p.t(), p.tps(), p.p50Ms(), p.p99Ms(), p.failed());
        }
        out.flush();
    }
}
