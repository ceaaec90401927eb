package io.benchlab.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import java.util.List;

/** Validates result JSON against {@code run-result.schema.json} (JSON Schema 2020-12). */
public final class ResultValidator {

    public static final String SCHEMA_RESOURCE = "/io/benchlab/results/run-result.schema.json";

    private static final JsonSchema SCHEMA = JsonSchemas.load(ResultValidator.class, SCHEMA_RESOURCE);

    private ResultValidator() {
    }

    /** The violations, one readable line each; empty when the document is valid. */
    public static List<String> validate(String json) {
        return JsonSchemas.violations(SCHEMA, json);
    }

    public static List<String> validate(JsonNode node) {
        return JsonSchemas.violations(SCHEMA, node);
    }

    public static List<String> validate(RunResult result) {
        return validate(ResultJson.mapper().valueToTree(result));
    }
}
