package io.benchlab.lab.backend.docker;

import java.util.regex.Pattern;

/** Turning what a container printed, or an exception chain, into a one-line cause. */
public final class Failures {

    private static final Pattern TELLING = Pattern.compile("invalid value|FATAL|\\[ERROR]|Exception");

    private Failures() {
    }

    /**
     * The line of a container's log that says why it stopped: the first bad-setting, FATAL or
     * [ERROR] line (how database servers log a bad configuration) or exception, else the last
     * non-blank line.
     */
    public static String causeLine(String logs) {
        String[] lines = logs.strip().split("\\R");
        for (String line : lines) {
            if (TELLING.matcher(line).find()) {
                return line.strip();
            }
        }
        for (int i = lines.length - 1; i >= 0; i--) {
            if (!lines[i].isBlank()) {
                return lines[i].strip();
            }
        }
        return "(no output)";
    }

    /** The innermost message of an exception chain, which is the one that says what happened. */
    public static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }
}
