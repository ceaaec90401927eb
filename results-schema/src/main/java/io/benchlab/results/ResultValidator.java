package io.benchlab.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.PathType;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;

/** Validates result JSON against {@code run-result.schema.json} (JSON Schema 2020-12). */
public final class ResultValidator {

    public static final String SCHEMA_RESOURCE = "/io/benchlab/results/run-result.schema.json";

    private static final JsonSchema SCHEMA = load();

    private ResultValidator() {
    }

    private static JsonSchema load() {
        try (InputStream in = ResultValidator.class.getResourceAsStream(SCHEMA_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing schema resource " + SCHEMA_RESOURCE);
            }
            // Draft 2020-12 treats "format" as an annotation only; assert it, so that timestamps
            // must be RFC 3339 date-times. Messages in English whatever the default locale, with
            // paths written "$.figures.committed" (the builder's default would be JSON pointers).
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
                    .formatAssertionsEnabled(true)
                    .locale(Locale.ROOT)
                    .pathType(PathType.LEGACY)
                    .build();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
