package io.benchlab.runner.metrics;

import java.util.Locale;

/** The statements of a TPC-B transaction, each with its own latency histogram. */
public enum Step {
    UPDATE_ACCOUNT, SELECT_ACCOUNT, UPDATE_TELLER, UPDATE_BRANCH, INSERT_HISTORY, COMMIT;

    private static final Step[] ALL = values();

    public static Step[] all() {
        return ALL;
    }

    /** The key used in results: {@code update_account}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }
}
