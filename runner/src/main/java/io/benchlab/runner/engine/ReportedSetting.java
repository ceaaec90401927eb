package io.benchlab.runner.engine;

/**
 * One setting as a server reports it when asked by name: its value, that it has no such setting,
 * or that it does not say (an engine that lists only some of its settings). {@code unit} is what
 * a bare number of this setting counts, where the server says ({@code 8kB}, {@code ms}); null: a
 * bare number is plain (bytes, for a size). {@code ownName}: the setting takes one of a few named
 * values and the server says it has this one from its command line, so it is the server's own name
 * for the value given there (PostgreSQL shows wal_compression=on as pglz).
 */
public record ReportedSetting(Kind kind, String value, String unit, boolean ownName) {

    public enum Kind { VALUE, UNKNOWN, NOT_READABLE }

    public static final ReportedSetting UNKNOWN = new ReportedSetting(Kind.UNKNOWN, null, null, false);
    public static final ReportedSetting NOT_READABLE = new ReportedSetting(Kind.NOT_READABLE, null, null, false);

    public static ReportedSetting of(String value, String unit) {
        return of(value, unit, false);
    }

    public static ReportedSetting of(String value, String unit, boolean ownName) {
        return new ReportedSetting(Kind.VALUE, value == null ? "" : value.strip(),
                unit == null || unit.isBlank() ? null : unit, ownName);
    }
}
