package io.benchlab.lab.nightly;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.capacity.CapacityDefaults;
import io.benchlab.lab.capacity.CapacityRun;
import io.benchlab.lab.capacity.Objective;
import io.benchlab.results.JsonSchemas;
import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A nightly plan (YAML, checked against {@code nightly-plan.schema.json}): its cells, expanded
 * engines x profiles x client counts, each with lab run's arguments (and, in a group with
 * {@code capacity:}, what its capacity search is asked), the canary last; and how the cells are
 * judged. A bad plan is one line of bad input, before anything runs.
 */
public record NightlyPlan(List<Cell> cells, int nights, double alpha, double thresholdPercent, double latencyFloorMs) {

    static final String SCHEMA = "/io/benchlab/lab/nightly/nightly-plan.schema.json";
    private static final List<String> RESERVED = List.of("engine", "profile", "clients", "output", "engine-version",
            "db-set");
    private static final JsonSchema VALIDATOR = JsonSchemas.load(NightlyPlan.class, SCHEMA);

    public NightlyPlan {
        cells = List.copyOf(cells);
    }

    public static NightlyPlan read(Path file) {
        JsonNode plan;
        try {
            plan = new ObjectMapper(new YAMLFactory()).readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new BadInputException("plan " + file + " is not YAML: " + oneLine(e.getOriginalMessage())
                    + (e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")"));
        } catch (IOException e) {
            throw new BadInputException("cannot read the plan " + file + ": " + e.getMessage());
        }
        if (plan == null || plan.isMissingNode() || plan.isNull()) {
            throw new BadInputException("plan " + file + " is empty");
        }
        reserved(file, plan);
        List<String> problems = VALIDATOR.validate(plan).stream().map(ValidationMessage::getMessage).sorted().toList();
        if (!problems.isEmpty()) {
            throw new BadInputException("plan " + file + ": " + String.join("; ", problems));
        }
        List<Cell> cells = new ArrayList<>();
        for (JsonNode group : plan.get("cells")) {
            Map<String, JsonNode> options = merged(plan.get("options"), group.get("options"));
            CapacityRun.Ask capacity = capacity(file, group.get("capacity"));
            for (JsonNode engine : group.get("engines")) {
                for (JsonNode profile : profiles(group)) {
                    for (JsonNode clients : group.get("clients")) {
                        cells.add(cell(engine.asText(), profile.isNull() ? null : profile.asText(), clients.asInt(), false,
                                setup(group), options, capacity));
                    }
                }
            }
        }
        JsonNode canary = plan.get("canary");
        cells.add(cell(canary.get("engine").asText(), canary.has("profile") ? canary.get("profile").asText() : null,
                canary.get("clients").asInt(), true, setup(canary), merged(plan.get("options"), canary.get("options")),
                null));
        JsonNode judge = plan.path("judge");
        return new NightlyPlan(cells, judge.path("nights").asInt(LabDefaults.NIGHTLY_NIGHTS),
                judge.path("alpha").asDouble(LabDefaults.COMPARE_ALPHA),
                judge.path("threshold-percent").asDouble(LabDefaults.COMPARE_THRESHOLD_PERCENT),
                judge.path("latency-floor-ms").asDouble(LabDefaults.COMPARE_LATENCY_FLOOR_MS));
    }

    /** The schema refuses them too, in words of its own; the plan's author gets these. */
    private static void reserved(Path file, JsonNode plan) {
        List<JsonNode> options = new ArrayList<>(List.of(plan.path("options"), plan.path("canary").path("options")));
        plan.path("cells").forEach(c -> options.add(c.path("options")));
        for (JsonNode o : options) {
            for (String name : RESERVED) {
                if (o.has(name)) {
                    throw new BadInputException("plan " + file + ": '" + name + "' is not an option of a plan: "
                            + (name.equals("output") ? "each cell's result goes to the night's folder"
                            : name.equals("engine-version") || name.equals("db-set")
                            ? "a cell says it, as engine-version: and settings:"
                            : "the cells (engines, profiles, clients) and the canary say it"));
                }
            }
        }
    }

    /** A cell's engine-version: and settings: (null, none: lab run's defaults). */
    private static Cell.Setup setup(JsonNode cell) {
        Map<String, String> settings = new TreeMap<>();
        cell.path("settings").fields().forEachRemaining(e -> settings.put(e.getKey(), e.getValue().asText()));
        return new Cell.Setup(cell.has("engine-version") ? cell.get("engine-version").asText() : null, settings);
    }

    /**
     * A group's capacity: (null: its cells are runs), read as lab capacity reads --slo, --precision,
     * --start-rate and --max-steps; an objective that does not parse is the plan's bad input.
     */
    private static CapacityRun.Ask capacity(Path file, JsonNode capacity) {
        if (capacity == null) {
            return null;
        }
        List<String> slo = new ArrayList<>();
        capacity.get("slo").forEach(o -> slo.add(o.asText()));
        try {
            return new CapacityRun.Ask(Objective.parseAll(slo),
                    capacity.path("precision").asDouble(CapacityDefaults.PRECISION),
                    capacity.has("start-rate") ? capacity.get("start-rate").asDouble() : null,
                    capacity.path("max-steps").asInt(CapacityDefaults.MAX_STEPS));
        } catch (BadInputException e) {
            throw new BadInputException("plan " + file + ": capacity: " + e.getMessage());
        }
    }

    /** A capacity cell's steps need no options.rounds: lab capacity's step defaults fill them in (see Nightly). */
    private static Cell cell(String engine, String profile, int clients, boolean canary, Cell.Setup setup,
                             Map<String, JsonNode> options, CapacityRun.Ask capacity) {
        if (!options.containsKey("rounds") && capacity == null) {
            throw new BadInputException("plan: the cells need options.rounds (at least 5: the regression tests need"
                    + " rounds to tell a change from noise)");
        }
        List<String> args = new ArrayList<>(List.of("--engine", engine));
        if (profile != null) {
            args.addAll(List.of("--profile", profile));
        }
        args.addAll(List.of("--clients", Integer.toString(clients)));
        if (setup.engineVersion() != null) {
            args.addAll(List.of("--engine-version", setup.engineVersion()));
        }
        new TreeMap<>(setup.settings()).forEach((k, v) -> args.addAll(List.of("--db-set", k + "=" + v)));
        options.forEach((name, value) -> {
            if (value.isBoolean()) {
                if (value.asBoolean()) {
                    args.add("--" + name);
                }
            } else {
                args.addAll(List.of("--" + name, value.asText()));
            }
        });
        return new Cell(engine, profile, clients, canary, setup, args, capacity);
    }

    /** A null entry: the engine's default profile. */
    private static Iterable<JsonNode> profiles(JsonNode group) {
        if (group.has("profiles")) {
            return group.get("profiles");
        }
        return List.of(NullNode.getInstance());
    }

    private static Map<String, JsonNode> merged(JsonNode plan, JsonNode cell) {
        Map<String, JsonNode> all = new LinkedHashMap<>();
        plan.fields().forEachRemaining(e -> all.put(e.getKey(), e.getValue()));
        if (cell != null) {
            cell.fields().forEachRemaining(e -> all.put(e.getKey(), e.getValue()));
        }
        return all;
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
