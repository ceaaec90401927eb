package io.benchlab.lab.boards;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What Grafana does to a board's Flux query before InfluxDB sees it, for the query proof. First
 * the browser replaces template variables (templateSrv; the boards use only {@code ${name:regex}}
 * , see BoardsLintTest): one value regex-escaped, several as {@code (a|b)}, "All" as every option.
 * Then the server replaces the Flux macros (pkg/tsdb/influxdb/flux/macros.go): every
 * {@code word.word} naming one, so v.timeRangeStart and v.timeRangeStop become RFC 3339 instants,
 * v.windowPeriod the interval as Go prints a duration, v.defaultBucket, v.bucket and
 * v.organization quoted strings.
 */
final class GrafanaFlux {

    private static final Pattern REGEX_VARIABLE = Pattern.compile("\\$\\{([A-Za-z0-9_]+):regex}");
    private static final Pattern MACRO = Pattern.compile("(?m)([a-zA-Z]+)\\.([a-zA-Z]+)");
    /** Grafana's escapeRegex: these characters get a backslash, '/' too (Flux regex literals end on it). */
    private static final Pattern REGEX_SPECIAL = Pattern.compile("[\\\\^$*+?.()|\\[\\]{}/]");

    /** The dashboard's time range, the panel's interval, and the datasource's org and bucket. */
    record Context(Instant from, Instant to, Duration interval, String organization, String bucket) {
    }

    private GrafanaFlux() {
    }

    /** {@code variables}: each variable's selected values (a single-value one has one). */
    static String interpolate(String flux, Map<String, List<String>> variables, Context context) {
        return macros(variables(flux, variables), context);
    }

    static String variables(String flux, Map<String, List<String>> variables) {
        Matcher m = REGEX_VARIABLE.matcher(flux);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            List<String> values = variables.get(m.group(1));
            if (values == null || values.isEmpty()) {
                throw new IllegalArgumentException("no value for the variable " + m.group(1));
            }
            m.appendReplacement(out, Matcher.quoteReplacement(regex(values)));
        }
        return m.appendTail(out).toString();
    }

    static String regex(List<String> values) {
        List<String> escaped = values.stream().map(v -> REGEX_SPECIAL.matcher(v).replaceAll("\\\\$0")).toList();
        return escaped.size() == 1 ? escaped.get(0) : escaped.stream().collect(Collectors.joining("|", "(", ")"));
    }

    static String macros(String flux, Context c) {
        Matcher m = MACRO.matcher(flux);
        String out = flux;
        while (m.find()) {
            String value = switch (m.group(2)) {
                case "timeRangeStart" -> DateTimeFormatter.ISO_INSTANT.format(c.from());
                case "timeRangeStop" -> DateTimeFormatter.ISO_INSTANT.format(c.to());
                case "windowPeriod" -> goDuration(c.interval());
                case "bucket", "defaultBucket" -> "\"" + c.bucket() + "\"";
                case "organization" -> "\"" + c.organization() + "\"";
                default -> null;
            };
            if (value != null) {
                out = out.replace(m.group(0), value);
            }
        }
        return out;
    }

    /** As Go's time.Duration.String() for whole milliseconds: 1h2m3.5s, 1m0s, 250ms, 0s. */
    static String goDuration(Duration d) {
        long ms = d.toMillis();
        if (ms == 0) {
            return "0s";
        }
        if (ms < 1000) {
            return ms + "ms";
        }
        long h = ms / 3_600_000;
        long m = ms / 60_000 % 60;
        long s = ms / 1000 % 60;
        long frac = ms % 1000;
        String seconds = s + (frac == 0 ? "" : "." + String.format("%03d", frac).replaceAll("0+$", "")) + "s";
        return (h > 0 ? h + "h" + m + "m" : m > 0 ? m + "m" : "") + seconds;
    }
}
