package io.benchlab.lab.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What became of a metric against its baseline, and of a nightly cell against its earlier nights:
 * one type for {@code lab compare} and {@code lab nightly}, whose words they both print.
 *
 * <p>A metric's verdict is one of the first four. {@code NO_CHANGE}: the change's confidence
 * interval lies within the threshold (see {@link MetricDelta}). {@code INCONCLUSIVE}: the data show
 * neither that nor a change beyond the threshold; the runs hold too few rounds for the tests at the
 * significance level asked for, or the interval is wider than the threshold.
 * A cell's night takes its metrics' verdict (see {@link Comparison#verdict()}), or one of the last
 * three when its metrics were not compared: {@code FIRST_NIGHT} (no earlier ok night),
 * {@code NOT_JUDGED} (not comparable with its earlier nights), {@code FAILED} (no ok result).
 */
public enum Verdict {
    IMPROVED, REGRESSED, NO_CHANGE, INCONCLUSIVE, FIRST_NIGHT, NOT_JUDGED, FAILED;

    /** How it is printed: "no change", "first night". */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** Whether it fails a comparison or a night; under {@code strict} an inconclusive one does too. */
    public boolean fails(boolean strict) {
        return this == REGRESSED || this == FAILED || strict && this == INCONCLUSIVE;
    }

    /** The verdicts that fail a night, in words: "regressed or failed". */
    public static String failing() {
        return Arrays.stream(values()).filter(v -> v.fails(false)).map(Verdict::label)
                .collect(Collectors.joining(" or "));
    }
}
