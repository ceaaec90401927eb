package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Checks the capacity schema document itself, as {@link RunResultSchemaTest} does the run result's:
 * documented, closed, in step with the model, and referring to the current run result schema.
 */
class CapacityResultSchemaTest {

    private static JsonNode schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = CapacityResultSchemaTest.class.getResourceAsStream(CapacityJson.SCHEMA_RESOURCE)) {
            assertThat(in).as(CapacityJson.SCHEMA_RESOURCE).isNotNull();
            schema = ResultJson.mapper().readTree(in);
        }
    }

    @Test
    void hasTheHeaderFields() {
        assertThat(schema.path("$id").asText()).isEqualTo("https://benchlab.io/schemas/capacity-result/"
                + CapacityResult.SCHEMA_VERSION + ".json");
        assertThat(schema.path("properties").path("schema_version").path("const").asText())
                .isEqualTo(CapacityResult.SCHEMA_VERSION);
        assertThat(schema.path("properties").path("kind").path("const").asText()).isEqualTo(CapacityResult.KIND);
        assertThat(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema")).validate(schema))
                .isEmpty();
    }

    /** The engine, knobs, placement and set-up are the run result's own, of its current version. */
    @Test
    void refersToTheCurrentRunResultSchema() {
        List<String> outside = new ArrayList<>();
        RunResultSchemaTest.walk(schema, "#", (pointer, node) -> {
            String ref = node.path("$ref").asText("");
            if (!ref.isEmpty() && !ref.startsWith("#")) {
                outside.add(ref);
            }
        });
        assertThat(outside).hasSize(4).allMatch(ref -> ref.startsWith(JsonSchemas.RUN_RESULT_ID + "#/$defs/"));
    }

    @Test
    void everyPropertyHasADescriptionAndEveryObjectIsClosed() {
        List<String> problems = new ArrayList<>();
        RunResultSchemaTest.walk(schema, "#", (pointer, node) -> {
            if (isDeclaration(pointer) && node.path("description").asText("").isBlank()) {
                problems.add(pointer + ": no description");
            }
            if (node.has("properties") && node.path("additionalProperties").asBoolean(true)) {
                problems.add(pointer + ": has properties but not additionalProperties: false");
            }
        });
        assertThat(problems).isEmpty();
    }

    /** The samples together use every property declared here (the run result's definitions are its tests' to cover). */
    @Test
    void theSamplesUseEveryDeclaredProperty() {
        Set<String> declared = new TreeSet<>();
        RunResultSchemaTest.walk(schema, "#", (pointer, node) -> {
            if (isDeclaration(pointer)) {
                declared.add(pointer);
            }
        });
        Set<String> used = new TreeSet<>();
        for (CapacityResult sample : List.of(SampleCapacity.full(), SampleCapacity.interrupted())) {
            collectUsed(schema, "#", ResultJson.mapper().valueToTree(sample), used);
        }
        Set<String> unused = new TreeSet<>(declared);
        unused.removeAll(used);
        assertThat(unused).as("declared properties that no sample uses").isEmpty();
        assertThat(used).as("used properties that are not declared").isSubsetOf(declared);
    }

    private static boolean isDeclaration(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash > 0 && pointer.substring(0, slash).endsWith("/properties");
    }

    /** As {@link RunResultSchemaTest}'s walk of an instance, but it stops at a reference to the run result schema. */
    private static void collectUsed(JsonNode schemaNode, String pointer, JsonNode instance, Set<String> used) {
        String ref = schemaNode.path("$ref").asText("");
        if (ref.startsWith("#/")) {
            collectUsed(schema.at(ref.substring(1)), ref, instance, used);
            return;
        }
        if (!ref.isEmpty()) {
            return;
        }
        if (instance.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = instance.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode declared = schemaNode.path("properties").path(field.getKey());
                String p = pointer + "/properties/" + field.getKey();
                used.add(p);
                if (!declared.isMissingNode()) {
                    collectUsed(declared, p, field.getValue(), used);
                }
            }
        } else if (instance.isArray() && schemaNode.has("items")) {
            for (JsonNode item : instance) {
                collectUsed(schemaNode.get("items"), pointer + "/items", item, used);
            }
        }
    }
}
