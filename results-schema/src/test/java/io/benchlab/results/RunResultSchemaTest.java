package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Checks the schema document itself: documented, closed, consistent, and in step with the model. */
class RunResultSchemaTest {

    private static JsonNode schema;

    @BeforeAll
    static void loadSchema() throws IOException {
        try (InputStream in = RunResultSchemaTest.class.getResourceAsStream(ResultValidator.SCHEMA_RESOURCE)) {
            assertThat(in).as(ResultValidator.SCHEMA_RESOURCE).isNotNull();
            schema = ResultJson.mapper().readTree(in);
        }
    }

    @Test
    void hasTheHeaderFields() {
        assertThat(schema.path("$schema").asText()).isEqualTo("https://json-schema.org/draft/2020-12/schema");
        assertThat(schema.path("$id").asText()).isEqualTo("https://benchlab.io/schemas/run-result/"
                + RunResult.SCHEMA_VERSION + ".json");
        assertThat(schema.path("title").asText()).isNotBlank();
        assertThat(schema.path("description").asText()).isNotBlank();
        assertThat(schema.path("properties").path("schema_version").path("const").asText())
                .isEqualTo(RunResult.SCHEMA_VERSION);
    }

    @Test
    void isAValidDraft202012Schema() {
        JsonSchema meta = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
                .getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
        Set<ValidationMessage> errors = meta.validate(schema);
        assertThat(errors).isEmpty();
    }

    /** Every declared property, every map value and every definition says what it means. */
    @Test
    void everyPropertyHasADescription() {
        List<String> undocumented = new ArrayList<>();
        List<String> seen = new ArrayList<>();
        walk(schema, "#", (pointer, node) -> {
            if (isDeclaration(pointer) && node.path("description").asText("").isBlank()) {
                undocumented.add(pointer);
            }
            if (isDeclaration(pointer)) {
                seen.add(pointer);
            }
        });
        assertThat(seen).as("the walk found the properties").hasSizeGreaterThan(100)
                .contains("#/$defs/latency/properties/p999_ms", "#/$defs/environment/properties/max_heap_bytes",
                        "#/$defs/figures/properties/failures_by_cause/additionalProperties");
        assertThat(undocumented).as("properties without a description").isEmpty();
    }

    /** Objects with fixed keys take no others; maps say what their values are. */
    @Test
    void everyObjectIsClosedOrAMapWithATypedValue() {
        List<String> problems = new ArrayList<>();
        walk(schema, "#", (pointer, node) -> {
            if (node.has("properties")) {
                if (!node.path("additionalProperties").isBoolean() || node.path("additionalProperties").asBoolean()) {
                    problems.add(pointer + ": has properties but not additionalProperties: false");
                }
            } else if ("object".equals(node.path("type").asText())) {
                if (!node.path("additionalProperties").isObject()) {
                    problems.add(pointer + ": a map without an additionalProperties schema");
                }
            }
        });
        assertThat(problems).isEmpty();
    }

    /** A name in required, oneOf or then that is not declared is a typo that no document could satisfy. */
    @Test
    void everyRequiredNameIsDeclared() {
        List<String> problems = new ArrayList<>();
        walk(schema, "#", (pointer, node) -> {
            if (!node.has("properties")) {
                return;
            }
            Set<String> declared = new TreeSet<>();
            node.path("properties").fieldNames().forEachRemaining(declared::add);
            List<JsonNode> constraints = new ArrayList<>();
            constraints.add(node);
            constraints.add(node.path("then"));
            node.path("oneOf").forEach(constraints::add);
            for (JsonNode c : constraints) {
                for (JsonNode name : c.path("required")) {
                    if (!declared.contains(name.asText())) {
                        problems.add(pointer + ": requires undeclared " + name.asText());
                    }
                }
            }
        });
        assertThat(problems).isEmpty();
    }

    /**
     * The samples together use every property of the schema, so the validation tests cover it all
     * and a property the model no longer writes shows up here. The knobs are the exception: which
     * there are is the runner's declaration, from which their fragment is generated, and the
     * runner's KnobSchemaTest checks that what it records uses every one of them and is valid.
     */
    @Test
    void theSamplesUseEveryDeclaredProperty() {
        String knobs = "#/$defs/knobs/properties/";
        Set<String> declared = new TreeSet<>();
        walk(schema, "#", (pointer, node) -> {
            if (isDeclaration(pointer) && !pointer.endsWith("/additionalProperties") && !pointer.startsWith(knobs)) {
                declared.add(pointer);
            }
        });
        Set<String> used = new TreeSet<>();
        for (RunResult sample : List.of(SampleResults.full(), SampleResults.onTmpfs(), SampleResults.onClaim(),
                SampleResults.onBind(), SampleResults.failed(), SampleResults.interrupted())) {
            JsonNode json = ResultJson.mapper().valueToTree(sample);
            collectUsed(schema, "#", json, used);
        }
        used.removeIf(pointer -> pointer.startsWith(knobs));
        Set<String> unused = new TreeSet<>(declared);
        unused.removeAll(used);
        assertThat(unused).as("declared properties that no sample uses").isEmpty();
        assertThat(used).as("used properties that are not declared").isSubsetOf(declared);
    }

    /** True for the schema of a declared property or of a map's values, as opposed to a definition or keyword. */
    private static boolean isDeclaration(String pointer) {
        int slash = pointer.lastIndexOf('/');
        return slash > 0 && pointer.substring(0, slash).endsWith("/properties")
                || pointer.endsWith("/additionalProperties");
    }

    /** Walks an instance alongside its schema and records the pointer of every property schema it used. */
    private static void collectUsed(JsonNode schemaNode, String pointer, JsonNode instance, Set<String> used) {
        if (schemaNode.has("$ref")) {
            String ref = schemaNode.get("$ref").asText();
            collectUsed(resolve(ref), ref, instance, used);
            return;
        }
        if (instance.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = instance.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> field = it.next();
                JsonNode declared = schemaNode.path("properties").path(field.getKey());
                if (!declared.isMissingNode()) {
                    String p = pointer + "/properties/" + field.getKey();
                    used.add(p);
                    collectUsed(declared, p, field.getValue(), used);
                } else if (schemaNode.path("additionalProperties").isObject()) {
                    collectUsed(schemaNode.get("additionalProperties"), pointer + "/additionalProperties",
                            field.getValue(), used);
                }
            }
        } else if (instance.isArray() && schemaNode.has("items")) {
            for (JsonNode item : instance) {
                collectUsed(schemaNode.get("items"), pointer + "/items", item, used);
            }
        }
    }

    private static JsonNode resolve(String ref) {
        assertThat(ref).startsWith("#/");
        JsonNode target = schema.at(ref.substring(1));
        assertThat(target.isMissingNode()).as("$ref " + ref + " resolves").isFalse();
        return target;
    }

    /**
     * Visits every subschema with its JSON pointer. The {@code if} of a conditional is skipped:
     * it is a test on the document, not a declaration, so it needs no descriptions.
     */
    static void walk(JsonNode node, String pointer, BiConsumer<String, JsonNode> visitor) {
        if (!node.isObject()) {
            return;
        }
        visitor.accept(pointer, node);
        for (String mapKeyword : List.of("properties", "$defs")) {
            node.path(mapKeyword).fields().forEachRemaining(
                    e -> walk(e.getValue(), pointer + "/" + mapKeyword + "/" + e.getKey(), visitor));
        }
        for (String keyword : List.of("items", "additionalProperties", "propertyNames", "then", "else", "not", "contains")) {
            walk(node.path(keyword), pointer + "/" + keyword, visitor);
        }
        for (String arrayKeyword : List.of("oneOf", "anyOf", "allOf", "prefixItems")) {
            JsonNode array = node.path(arrayKeyword);
            for (int i = 0; i < array.size(); i++) {
                walk(array.get(i), pointer + "/" + arrayKeyword + "/" + i, visitor);
            }
        }
    }
}
