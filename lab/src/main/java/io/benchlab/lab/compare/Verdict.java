package io.benchlab.lab.compare;

import java.util.Locale;

/** What became of a metric against the baseline. */
public enum Verdict {
    IMPROVED, REGRESSED, NO_CHANGE;

    String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
