package io.benchlab.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.util.List;

/** Validates result JSON against {@code run-result.schema.json} (JSON Schema 2020-12). */
public final class ResultValidator {

    public static final String SCHEMA_RESOURCE = "/io/benchlab/results/run-result.schema.json";

    private static final JsonSchema SCHEMA = JsonSchemas.load(ResultValidator.class, SCHEMA_RESOURCE);

    private ResultValidator() {
    }

    /** The violations, one readable line each; empty when the document is valid. */
    public static List<String> validate(String json) {
        try {
            return validate(ResultJson.mapper().readTree(json));
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
    }

    public static List<String> validate(JsonNode node) {
        return SCHEMA.validate(node).stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    public static List<String> validate(RunResult result) {
        return validate(ResultJson.mapper().valueToTree(result));
    }
}
