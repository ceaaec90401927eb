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
import java.util.Map;

/**
 * The project's JSON Schemas (2020-12), loaded one way: the run result's, the capacity result's, lab
 * nightly's plan's. A schema may refer to the run result's definitions by its {@code $id}
 * ({@link #RUN_RESULT_ID}); that is read from the class path, never from the network.
 */
public final class JsonSchemas {

    /** The run result schema's {@code $id}: the capacity result takes the engine, knobs, placement and set-up from it. */
    public static final String RUN_RESULT_ID = "https://benchlab.io/schemas/run-result/" + RunResult.SCHEMA_VERSION
            + ".json";

    private JsonSchemas() {
    }

    /** The violations of JSON against SCHEMA, one readable line each, sorted; empty when it is valid. */
    public static List<String> violations(JsonSchema schema, String json) {
        try {
            return violations(schema, ResultJson.mapper().readTree(json));
        } catch (IOException e) {
            return List.of("not JSON: " + e.getMessage());
        }
    }

    /** As {@link #violations(JsonSchema, String)}, of a parsed document. */
    public static List<String> violations(JsonSchema schema, JsonNode node) {
        return schema.validate(node).stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    /** The schema at RESOURCE on OWNER's class path (an absolute resource name). */
    public static JsonSchema load(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("missing schema resource " + resource);
            }
            // Draft 2020-12 treats "format" as an annotation only; assert it, so that timestamps
            // must be RFC 3339 date-times. Messages in English whatever the default locale, with
            // paths written "$.figures.committed" (the builder's default would be JSON pointers).
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder()
                    .formatAssertionsEnabled(true)
                    .locale(Locale.ROOT)
                    .pathType(PathType.LEGACY)
                    .build();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012, factory -> factory.schemaMappers(
                    m -> m.mappings(Map.of(RUN_RESULT_ID, "classpath:" + ResultValidator.SCHEMA_RESOURCE.substring(1)))))
                    .getSchema(in, config);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
