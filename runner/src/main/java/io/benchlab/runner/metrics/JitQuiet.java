package io.benchlab.runner.metrics;

import java.util.Map;
import java.util.function.Supplier;

/**
 * Waits, between rounds, until this JVM's JIT compilers have gone quiet, within a bound. A round's
 * end runs the runner's own bookkeeping (its figures, percentiles, memory and CPU readings, the
 * sinks' round ends), which sets the compilers working on code the clients never run; they
 * compiled it in the background while the next round's clock ran. In two runs (PostgreSQL, 8
 * clients, 5 rounds of 5 s, -XX:+LogCompilation) 70% of the compile time in the measured rounds
 * began in a round's first 0.6 s.
 */
public final class JitQuiet {

    /** No compiler CPU for this long counts as quiet: ten of /proc's 10 ms ticks. */
    static final long QUIET_NANOS = 100_000_000L;

    /** The longest the wait lasts: a JIT that keeps compiling is the warning's to report, not this wait's to outlast. */
    static final long AT_MOST_NANOS = 1_000_000_000L;

    static final long POLL_NANOS = 20_000_000L;

    private JitQuiet() {
    }

    /** Waits for this JVM's compilers; true when they went quiet (or cannot be read), false when the bound came first. */
    public static boolean await() throws InterruptedException {
        return await(JitCpu::read, QUIET_NANOS, AT_MOST_NANOS, POLL_NANOS);
    }

    /** As {@link #await()}, with the compilers' ticks from READ (null: unknown). */
    static boolean await(Supplier<Map<String, Long>> read, long quietNanos, long atMostNanos, long pollNanos)
            throws InterruptedException {
        long start = System.nanoTime();
        Map<String, Long> last = read.get();
        long quietSince = start;
        while (last != null) {
            Thread.sleep(pollNanos / 1_000_000, (int) (pollNanos % 1_000_000));
            Map<String, Long> now = read.get();
            long t = System.nanoTime();
            Double busy = JitCpu.secondsBetween(last, now);
            if (busy == null) {
                return true;
            }
            if (busy > 0) {
                quietSince = t;
                last = now;
            } else if (t - quietSince >= quietNanos) {
                return true;
            }
            if (t - start >= atMostNanos) {
                return false;
            }
        }
        return true;
    }
}
