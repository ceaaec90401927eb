package io.benchlab.runner.sink.influx;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A reader of InfluxDB line protocol, written from the protocol's reference and not from the
 * client's writer, so that tests see what InfluxDB would: measurement, tags, fields with their
 * types ({@code int}, {@code float}, {@code string}, {@code bool}) and the timestamp.
 */
record LineProtocol(String measurement, Map<String, String> tags, Map<String, Object> fields, Map<String, String> types,
                    long nanos) {

    static LineProtocol parse(String line) {
        int[] at = {0};
        String head = until(line, at, ' ', false);
        String[] parts = splitUnescaped(head, ',');
        Map<String, String> tags = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            String[] kv = splitUnescaped(parts[i], '=');
            tags.put(unescape(kv[0]), unescape(kv[1]));
        }
        at[0]++;
        Map<String, Object> fields = new LinkedHashMap<>();
        Map<String, String> types = new LinkedHashMap<>();
        while (true) {
            String key = unescape(until(line, at, '=', false));
            at[0]++;
            if (line.charAt(at[0]) == '"') {
                at[0]++;
                StringBuilder s = new StringBuilder();
                while (line.charAt(at[0]) != '"') {
                    char c = line.charAt(at[0]++);
                    s.append(c == '\\' ? line.charAt(at[0]++) : c);
                }
                at[0]++;
                fields.put(key, s.toString());
                types.put(key, "string");
            } else {
                StringBuilder v = new StringBuilder();
                while (at[0] < line.length() && line.charAt(at[0]) != ',' && line.charAt(at[0]) != ' ') {
                    v.append(line.charAt(at[0]++));
                }
                String value = v.toString();
                if (value.endsWith("i")) {
                    fields.put(key, Long.parseLong(value.substring(0, value.length() - 1)));
                    types.put(key, "int");
                } else if (value.matches("t|T|true|True|TRUE|f|F|false|False|FALSE")) {
                    fields.put(key, value.toLowerCase().startsWith("t"));
                    types.put(key, "bool");
                } else {
                    fields.put(key, Double.parseDouble(value));
                    types.put(key, "float");
                }
            }
            if (at[0] >= line.length() || line.charAt(at[0]) == ' ') {
                break;
            }
            at[0]++;
        }
        long nanos = Long.parseLong(line.substring(at[0]).strip());
        return new LineProtocol(unescape(parts[0]), tags, fields, types, nanos);
    }

    private static String until(String s, int[] at, char stop, boolean quoted) {
        StringBuilder b = new StringBuilder();
        while (at[0] < s.length() && s.charAt(at[0]) != stop) {
            char c = s.charAt(at[0]++);
            b.append(c);
            if (c == '\\') {
                b.append(s.charAt(at[0]++));
            }
        }
        return b.toString();
    }

    private static String[] splitUnescaped(String s, char sep) {
        return s.split("(?<!\\\\)" + java.util.regex.Pattern.quote(String.valueOf(sep)), -1);
    }

    private static String unescape(String s) {
        return s.replaceAll("\\\\(.)", "$1");
    }
}
