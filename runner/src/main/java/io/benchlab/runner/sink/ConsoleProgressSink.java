package io.benchlab.runner.sink;

import io.benchlab.results.IntervalPoint;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/** Live progress, one line per interval, kept apart from the final summary. */
public final class ConsoleProgressSink implements ResultSink {

    private final PrintWriter out;
    private final double intervalSeconds;

    public ConsoleProgressSink(PrintWriter out, Duration interval) {
        this.out = out;
        this.intervalSeconds = interval.toNanos() / 1e9;
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint p) {
        if (phase == Phase.WARMUP) {
            out.printf(Locale.ROOT, "warm-up  %7.1fs  tps %10.1f%n", p.t(), p.tps());
        } else {
            // A round's last interval can be a short tail: to the millisecond, it does not read as a repeat.
            String t = String.format(Locale.ROOT, p.seconds() < 0.9 * intervalSeconds ? "%9.3fs" : "%7.1fs  ", p.t());
            out.printf(Locale.ROOT, "round %d  %s  tps %10.1f%s  p50 %8.3f ms  p99 %8.3f ms  failed %d%s%n",
                    p.round(), t, p.tps(), p.offeredTps() == null ? ""
                            : String.format(Locale.ROOT, " of %.1f offered", p.offeredTps()),
                    p.p50Ms(), p.p99Ms(), p.failed(), p.reconnects() == 0 ? "" : "  reconnects " + p.reconnects());
        }
        out.flush();
    }
}
