package io.benchlab.runner.core;

import io.benchlab.runner.Defaults;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as the CLI reads them ({@code 30d}, {@code 100ms}), in messages too, never Java's {@code PT720H}. */
public final class Durations {

    /** Longest spelling first, so that a unit is read whole. */
    private static final String UNIT = "milliseconds?|millis|msecs?|ms|seconds?|secs?|s|minutes?|mins?|m"
            + "|hours?|hrs?|h|days?|d";
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(" + UNIT + ")");
    private static final Pattern PARTS = Pattern.compile("(?:" + PART.pattern() + "\\s*)+");
    private static final Pattern SECONDS = Pattern.compile("\\d+(?:\\.\\d+)?");

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

    /**
     * A duration as people type it: {@code 500ms}, {@code 30s}, {@code 10 sec}, {@code 1.5m},
     * {@code 1h30m}, {@code 2d}, or a bare number of seconds; up to {@link Defaults#MAX_DURATION}.
     * Microseconds are refused: no option means anything that fine.
     *
     * @throws IllegalArgumentException what is wrong with VALUE, in a phrase
     */
    public static Duration parse(String value) {
        String text = value.strip().toLowerCase(Locale.ROOT);
        BigDecimal nanos;
        if (SECONDS.matcher(text).matches()) {
            nanos = new BigDecimal(text).multiply(BigDecimal.valueOf(1_000_000_000L));
        } else if (PARTS.matcher(text).matches()) {
            nanos = BigDecimal.ZERO;
            Matcher m = PART.matcher(text);
            while (m.find()) {
                nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(nanosPer(m.group(2)))));
            }
        } else {
            throw new IllegalArgumentException("'" + value + "' is not a duration (use e.g. 500ms, 30s, 5m, 1h, 2d)");
        }
        if (nanos.compareTo(BigDecimal.valueOf(Defaults.MAX_DURATION.toNanos())) > 0) {
            throw new IllegalArgumentException("'" + value + "' is too long: at most "
                    + Durations.text(Defaults.MAX_DURATION));
        }
        return Duration.ofNanos(nanos.setScale(0, RoundingMode.HALF_UP).longValueExact());
    }

    private static long nanosPer(String unit) {
        if (unit.startsWith("ms") || unit.startsWith("milli")) {
            return 1_000_000L;
        }
        return switch (unit.charAt(0)) {
            case 'm' -> 60_000_000_000L;
            case 'h' -> 3_600_000_000_000L;
            case 'd' -> 86_400_000_000_000L;
            default -> 1_000_000_000L;
        };
    }
}
