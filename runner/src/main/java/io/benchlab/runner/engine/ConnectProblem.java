package io.benchlab.runner.engine;

/**
 * The kind of problem that kept a connection from opening, named on the one line a user reads
 * before the driver's own words. The SQL standard's classes name it for every engine
 * ({@link #bySqlState}); an engine whose driver says it otherwise adds its own words in
 * {@link Engine#connectProblem}.
 */
public enum ConnectProblem {
    UNREACHABLE("server unreachable"),
    AUTHENTICATION("authentication failed"),
    NO_DATABASE("no such database"),
    NO_DATABASE_OR_ACCESS("no such database (or no access to it)");

    private final String words;

    ConnectProblem(String words) {
        this.words = words;
    }

    /** How the one-line message begins: {@code "server unreachable: "}. */
    public String prefix() {
        return words + ": ";
    }

    /** Class 08 (connection exception), class 28 (invalid authorization), 3D000 (invalid catalog name); else null. */
    public static ConnectProblem bySqlState(String state) {
        if (state == null) {
            return null;
        }
        if (state.startsWith("08")) {
            return UNREACHABLE;
        }
        if (state.startsWith("28")) {
            return AUTHENTICATION;
        }
        return "3D000".equals(state) ? NO_DATABASE : null;
    }
}
