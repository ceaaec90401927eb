package io.benchlab.lab.boards;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of {@code influx-measurements.md} (results-schema), the contract the sink writes and
 * the boards query: the identity tags, and per measurement its tags and fields with their kinds.
 * A measurement whose fields are open-ended ({@code benchlab_server}: one per server counter) says
 * so in prose after its table, "one `int` field per counter", then lists them per engine as
 * "Engine (sources): `a`, `b`, ... ." Those are read as fields of that kind.
 */
record MeasurementsContract(Set<String> identityTags, Map<String, Map<String, String>> measurements) {

    static final String RESOURCE = "/io/benchlab/results/influx-measurements.md";

    private static final Pattern SECTION = Pattern.compile("^## (.+)$");
    private static final Pattern MEASUREMENT = Pattern.compile("^`([a-z_]+)`$");
    private static final Pattern ROW = Pattern.compile("^\\| `([a-z0-9_]+)` \\| ([a-z]+)?");
    private static final Pattern PER_FIELD = Pattern.compile("one `([a-z]+)` field per ");
    /** A list of names after "(its sources):", to the sentence's end; the sources' names are not fields. */
    private static final Pattern LISTED = Pattern.compile("\\([^)]*\\):([^.]*)\\.");
    private static final Pattern NAME = Pattern.compile("`([a-z0-9_]+)`");

    static MeasurementsContract read() {
        String text;
        try (InputStream in = MeasurementsContract.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Set<String> identity = new LinkedHashSet<>();
        Map<String, Map<String, String>> measurements = new LinkedHashMap<>();
        Map<String, StringBuilder> prose = new LinkedHashMap<>();
        String section = "";
        for (String line : text.split("\n")) {
            Matcher s = SECTION.matcher(line);
            if (s.matches()) {
                section = s.group(1);
                Matcher m = MEASUREMENT.matcher(section);
                if (m.matches()) {
                    section = m.group(1);
                    measurements.put(section, new LinkedHashMap<>());
                }
                continue;
            }
            Matcher row = ROW.matcher(line);
            if (!row.find()) {
                prose.computeIfAbsent(section, k -> new StringBuilder()).append(line).append(' ');
                continue;
            }
            if (section.startsWith("Identity tags")) {
                identity.add(row.group(1));
            } else if (measurements.containsKey(section) && row.group(2) != null) {
                measurements.get(section).put(row.group(1), row.group(2));
            }
        }
        prose.forEach((name, said) -> {
            Matcher kind = PER_FIELD.matcher(said);
            if (measurements.containsKey(name) && kind.find()) {
                Matcher list = LISTED.matcher(said.substring(kind.end()));
                while (list.find()) {
                    Matcher field = NAME.matcher(list.group(1));
                    while (field.find()) {
                        measurements.get(name).putIfAbsent(field.group(1), kind.group(1));
                    }
                }
            }
        });
        return new MeasurementsContract(identity, measurements);
    }

    /** Tags and fields a point of this measurement may carry, identity tags included. */
    Set<String> names(String measurement) {
        Set<String> names = new LinkedHashSet<>(identityTags);
        names.addAll(measurements.getOrDefault(measurement, Map.of()).keySet());
        return names;
    }

    boolean isTag(String measurement, String name) {
        return identityTags.contains(name) || "tag".equals(measurements.getOrDefault(measurement, Map.of()).get(name));
    }
}
