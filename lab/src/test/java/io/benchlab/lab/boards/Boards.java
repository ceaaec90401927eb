package io.benchlab.lab.boards;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.benchlab.runner.sink.influx.InfluxPoints;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The Grafana boards ({@code images/grafana/dashboards/*.json}) and their provisioning files, read
 * as the lint and the query proof see them: every query a board runs (panel targets, annotations,
 * template variables), each with where it comes from.
 */
final class Boards {

    static final Path GRAFANA = Path.of("..").toAbsolutePath().normalize().resolve("images/grafana");
    static final Path DASHBOARDS = GRAFANA.resolve("dashboards");
    static final Path DATASOURCES = GRAFANA.resolve("provisioning/datasources/influxdb.yaml");
    static final Path PROVIDERS = GRAFANA.resolve("provisioning/dashboards/benchlab.yaml");

    /**
     * The database's side (influx-measurements.md): only PostgreSQL and MySQL/MariaDB runs have
     * these points, so a panel reading nothing else is empty for the other engines' runs.
     */
    static final Set<String> SERVER_SIDE = Set.of(InfluxPoints.SERVER, InfluxPoints.SERVER_WAIT,
            InfluxPoints.SERVER_CONTAINER);

    private static final Pattern MEASUREMENT = Pattern.compile("r\\._measurement == \"([^\"]+)\"");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final YAMLMapper YAML = new YAMLMapper();

    enum Kind { PANEL, ANNOTATION, VARIABLE }

    /** One board as parsed from its file. */
    record Board(Path file, JsonNode json) {
        String uid() {
            return json.path("uid").asText();
        }

        /** Panels, rows' nested panels included. */
        List<JsonNode> panels() {
            List<JsonNode> all = new ArrayList<>();
            for (JsonNode p : json.path("panels")) {
                all.add(p);
                p.path("panels").forEach(all::add);
            }
            return all;
        }

        List<JsonNode> variables() {
            List<JsonNode> all = new ArrayList<>();
            json.path("templating").path("list").forEach(all::add);
            return all;
        }

        List<JsonNode> annotations() {
            List<JsonNode> all = new ArrayList<>();
            json.path("annotations").path("list").forEach(all::add);
            return all;
        }

        /** Every Flux query the board runs, in the order Grafana resolves them: variables first. */
        List<Query> queries() {
            List<Query> all = new ArrayList<>();
            for (JsonNode v : variables()) {
                all.add(new Query(this, Kind.VARIABLE, v.path("name").asText(), v, v.path("query").path("query").asText()));
            }
            for (JsonNode a : annotations()) {
                all.add(new Query(this, Kind.ANNOTATION, a.path("name").asText(), a, a.path("target").path("query").asText()));
            }
            for (JsonNode p : panels()) {
                for (JsonNode t : p.path("targets")) {
                    all.add(new Query(this, Kind.PANEL, p.path("title").asText(), p, t.path("query").asText()));
                }
            }
            return all;
        }
    }

    /** A query and its owner: the panel, annotation or variable whose JSON says what it needs. */
    record Query(Board board, Kind kind, String name, JsonNode owner, String flux) {
        /** {@code run-detail / Transaction tps}: names a dynamic test and keys its expectation. */
        String key() {
            return board.uid() + " / " + (kind == Kind.PANEL ? "" : kind.name().toLowerCase() + " ") + name;
        }

        /** The measurements it reads ({@code r._measurement == "..."}). */
        Set<String> measurements() {
            Set<String> found = new LinkedHashSet<>();
            Matcher m = MEASUREMENT.matcher(flux);
            while (m.find()) {
                found.add(m.group(1));
            }
            return found;
        }

        /** Reads the database's side only: empty, not wrong, for a run of an engine without it. */
        boolean serverSideOnly() {
            return !measurements().isEmpty() && SERVER_SIDE.containsAll(measurements());
        }
    }

    private Boards() {
    }

    static List<Board> all() {
        try (Stream<Path> files = Files.list(DASHBOARDS)) {
            return files.filter(f -> f.toString().endsWith(".json")).sorted().map(Boards::read).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Board read(Path file) {
        try {
            return new Board(file, JSON.readTree(file.toFile()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + file, e);
        }
    }

    static JsonNode yaml(Path file) {
        try {
            return YAML.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot parse " + file, e);
        }
    }

    /** The single provisioned datasource (its uid is what every board must name). */
    static JsonNode datasource() {
        JsonNode list = yaml(DATASOURCES).path("datasources");
        if (list.size() != 1) {
            throw new IllegalStateException(DATASOURCES + " should provision exactly one datasource, has " + list.size());
        }
        return list.get(0);
    }

    /**
     * The field names a panel's or annotation's configuration refers to: override matchers by name,
     * the x field, partition and organize transformations, annotation field mappings. Each must be
     * a field of the frames its query returns.
     */
    static List<String> referencedFields(JsonNode owner) {
        List<String> names = new ArrayList<>();
        for (JsonNode o : owner.path("fieldConfig").path("overrides")) {
            if ("byName".equals(o.path("matcher").path("id").asText())) {
                names.add(o.path("matcher").path("options").asText());
            }
        }
        if (owner.path("options").has("xField")) {
            names.add(owner.path("options").path("xField").asText());
        }
        for (JsonNode t : owner.path("transformations")) {
            JsonNode options = t.path("options");
            options.path("fields").forEach(f -> names.add(f.asText()));
            for (String map : List.of("indexByName", "renameByName", "excludeByName")) {
                options.path(map).fieldNames().forEachRemaining(names::add);
            }
        }
        owner.path("mappings").forEach(m -> {
            if ("field".equals(m.path("source").asText())) {
                names.add(m.path("value").asText());
            }
        });
        return names;
    }

    /** The fields a partitionByValues transformation splits series by; empty without one. */
    static List<String> partitionFields(JsonNode owner) {
        List<String> names = new ArrayList<>();
        for (JsonNode t : owner.path("transformations")) {
            if ("partitionByValues".equals(t.path("id").asText())) {
                t.path("options").path("fields").forEach(f -> names.add(f.asText()));
            }
        }
        return names;
    }
}
