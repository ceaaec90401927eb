package io.benchlab.runner.engine;

/**
 * One setting as a server reports it when asked by name: its value, that it has no such setting,
 * or that it does not say (an engine that lists only some of its settings). {@code unit} is what
 * a bare number of this setting counts, where the server says ({@code 8kB}, {@code ms}); null: a
 * bare number is plain (bytes, for a size).
 */
public record ReportedSetting(Kind kind, String value, String unit) {

    public enum Kind { VALUE, UNKNOWN, NOT_READABLE }

    public static final ReportedSetting UNKNOWN = new ReportedSetting(Kind.UNKNOWN, null, null);
    public static final ReportedSetting NOT_READABLE = new ReportedSetting(Kind.NOT_READABLE, null, null);

    public static ReportedSetting of(String value, String unit) {
        return new ReportedSetting(Kind.VALUE, value == null ? "" : value.strip(), unit == null || unit.isBlank() ? null : unit);
    }
}
