package io.benchlab.lab.compare;

import java.util.Locale;

/**
 * What became of a metric against the baseline. {@code INCONCLUSIVE}: the runs hold too few
 * rounds for the tests to tell a change at the significance level asked for, whatever the values.
 */
public enum Verdict {
    IMPROVED, REGRESSED, NO_CHANGE, INCONCLUSIVE;

    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
