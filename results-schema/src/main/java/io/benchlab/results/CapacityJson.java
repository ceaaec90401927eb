package io.benchlab.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A {@link CapacityResult} to JSON and back, through {@link ResultJson}'s mapper (so the same stable
 * output: snake_case, model order, absent values left out), and its validation against
 * {@code capacity-result.schema.json}.
 */
public final class CapacityJson {

    public static final String SCHEMA_RESOURCE = "/io/benchlab/results/capacity-result.schema.json";

    private static final JsonSchema SCHEMA = JsonSchemas.load(CapacityJson.class, SCHEMA_RESOURCE);

    private CapacityJson() {
    }

    public static String write(CapacityResult result) {
        try {
            return ResultJson.mapper().writeValueAsString(result) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static CapacityResult read(String json) {
        try {
            return ResultJson.mapper().readValue(json, CapacityResult.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static CapacityResult read(Path file) throws IOException {
        return ResultJson.mapper().readValue(file.toFile(), CapacityResult.class);
    }

    /** Writes through a temp file and a rename, so a reader never sees half a result. */
    public static void writeAtomically(CapacityResult result, Path file) throws IOException {
        AtomicFile.write(file, write(result), ".capacity-");
    }

    /** The violations, one readable line each; empty when the document is valid. */
    public static List<String> validate(String json) {
        return JsonSchemas.violations(SCHEMA, json);
    }

    public static List<String> validate(JsonNode node) {
        return JsonSchemas.violations(SCHEMA, node);
    }

    public static List<String> validate(CapacityResult result) {
        return validate(ResultJson.mapper().<JsonNode>valueToTree(result));
    }
}
