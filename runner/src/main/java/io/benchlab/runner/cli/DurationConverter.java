package io.benchlab.runner.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Reads {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, or a bare number of seconds. */
public final class DurationConverter implements ITypeConverter<Duration> {

    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|s|m|h)?");

    @Override
    public Duration convert(String value) {
        Matcher m = FORMAT.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException("'" + value + "' is not a duration (use e.g. 500ms, 30s, 5m, 1h)");
        }
        double amount = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        double nanosPerUnit = switch (unit) {
            case "ms" -> 1e6;
            case "m" -> 60e9;
            case "h" -> 3600e9;
            default -> 1e9;
        };
        return Duration.ofNanos(Math.round(amount * nanosPerUnit));
    }
}
