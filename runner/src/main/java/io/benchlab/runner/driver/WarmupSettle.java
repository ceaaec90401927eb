package io.benchlab.runner.driver;

import java.util.ArrayList;
import java.util.List;

/**
 * When a warm-up without a --warmup ends: once the client is warm, within a bound. Pure: it is
 * fed the warm-up's interval readings and answers after each whether the warm-up is over.
 *
 * <p>The client is warm when, over the last {@link #WINDOW_SECONDS} of readings,
 * <ul>
 *   <li>its JIT compiler threads took at most {@link #JIT_SHARE} of the process's CPU, or no
 *       more than {@link #JIT_FLOOR_SECONDS} (the compilers' CPU is CPU the clients do not get,
 *       and code they still run interpreted), and</li>
 *   <li>its throughput is no more than {@link #CLIMB} above that of the window before: it has
 *       stopped climbing. Under --rate it is flat by design and this holds at once.</li>
 * </ul>
 * Where the JVM's CPU cannot be read (no /proc) only the throughput is judged. It ends no sooner
 * than {@code min} (the JIT compiles in bursts with quiet seconds between) and no later than
 * {@code max}.
 */
final class WarmupSettle {

    /** The JIT's share of the client's CPU below which it counts as settled: half the measured phase's 2% target. */
    static final double JIT_SHARE = 0.01;

    /**
     * JIT seconds in a window that count as settled whatever the share: two of the kernel's 10 ms
     * ticks, in which /proc reports a thread's CPU. A runner that used 0.28 of a core (32 clients
     * in a 1-CPU container) had 1% of 5 s at 14 ms, below two ticks, and warmed up to the 60 s
     * bound; two ticks a window are 40 ms over a 10 s round, under the warning's 0.1 s floor.
     */
    static final double JIT_FLOOR_SECONDS = 0.02;

    /** Throughput climbing less than this from one window to the next has stopped climbing (intervals vary by a few percent). */
    static final double CLIMB = 0.03;

    /** Each of the two windows compared: long enough to hold a few intervals and several JIT ticks (10 ms each). */
    static final double WINDOW_SECONDS = 5;

    /** Why a warm-up ended, as the result records it. */
    enum Ended {
        /** The client was warm. */
        SETTLED,
        /** The bound came first. */
        BOUND,
        /** A --warmup was given: it lasted that long. */
        EXPLICIT,
        /** Client pods warm up for a fixed time, which they agree on before they start. */
        PODS,
        /** The run stopped during it. */
        STOPPED;

        String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * One warm-up interval: its length, the transactions committed in it, and the process's and
     * the JIT compilers' CPU seconds in it (each null when unknown).
     */
    record Reading(double seconds, long committed, Double cpuSeconds, Double jitSeconds) {
    }

    private final double minSeconds;
    private final double maxSeconds;
    private final List<Reading> readings = new ArrayList<>();
    private double elapsed;

    WarmupSettle(double minSeconds, double maxSeconds) {
        this.minSeconds = minSeconds;
        this.maxSeconds = maxSeconds;
    }

    /** Takes one more reading; answers why the warm-up ends now, or null while it goes on. */
    Ended add(Reading reading) {
        readings.add(reading);
        elapsed += reading.seconds();
        if (elapsed >= maxSeconds) {
            return Ended.BOUND;
        }
        return elapsed >= minSeconds && warm() ? Ended.SETTLED : null;
    }

    /** Seconds of warm-up read so far. */
    double elapsed() {
        return elapsed;
    }

    private boolean warm() {
        int last = windowStart(readings.size());
        int before = windowStart(last);
        if (before < 0) {
            return false;
        }
        Reading now = sum(last, readings.size());
        Reading then = sum(before, last);
        boolean climbing = now.committed() / now.seconds() > (1 + CLIMB) * then.committed() / then.seconds();
        return !climbing && jitSettled(now);
    }

    private static boolean jitSettled(Reading window) {
        if (window.cpuSeconds() == null || window.jitSeconds() == null || window.cpuSeconds() <= 0) {
            return true;
        }
        return window.jitSeconds() <= Math.max(JIT_SHARE * window.cpuSeconds(), JIT_FLOOR_SECONDS);
    }

    /** The first reading of the window that ends before {@code end}; -1 when the readings do not fill one. */
    private int windowStart(int end) {
        double seconds = 0;
        for (int i = end - 1; i >= 0; i--) {
            seconds += readings.get(i).seconds();
            if (seconds >= WINDOW_SECONDS - 1e-9) {
                return i;
            }
        }
        return -1;
    }

    private Reading sum(int from, int to) {
        double seconds = 0;
        long committed = 0;
        Double cpu = 0.0;
        Double jit = 0.0;
        for (Reading r : readings.subList(from, to)) {
            seconds += r.seconds();
            committed += r.committed();
            cpu = cpu == null || r.cpuSeconds() == null ? null : cpu + r.cpuSeconds();
            jit = jit == null || r.jitSeconds() == null ? null : jit + r.jitSeconds();
        }
        return new Reading(seconds, committed, cpu, jit);
    }
}
