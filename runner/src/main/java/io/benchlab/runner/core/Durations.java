package io.benchlab.runner.core;

import java.math.BigDecimal;
import java.time.Duration;

/** Durations in messages as the CLI reads them ({@code 30d}, {@code 100ms}), never Java's {@code PT720H}. */
public final class Durations {

    private Durations() {
    }

    /** The largest unit that states the duration exactly: {@code 30d}, {@code 90s}, {@code 1500ms}. */
    public static String text(Duration d) {
        long nanos = d.toNanos();
        long[] perUnit = {86_400_000_000_000L, 3_600_000_000_000L, 60_000_000_000L, 1_000_000_000L};
        String[] units = {"d", "h", "m", "s"};
        for (int i = 0; i < units.length; i++) {
            if (nanos != 0 && nanos % perUnit[i] == 0) {
                return nanos / perUnit[i] + units[i];
            }
        }
        return BigDecimal.valueOf(nanos, 6).stripTrailingZeros().toPlainString() + "ms";
    }
}
