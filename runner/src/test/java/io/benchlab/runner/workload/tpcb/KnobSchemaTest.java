package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.SampleResults;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The result schema's knobs ({@code $defs/knobs} of {@code run-result.schema.json}) are generated
 * from the knobs' declarations: their names, JSON types, enums, least values, descriptions, which
 * are required (all but the optional ones and those added after schema 5 was published) and, for
 * the latter, the value their absence stands for ({@code default}). The test fails when the file
 * differs from what the declarations make; {@code -Dbenchlab.update.schema=true} rewrites the
 * fragment (then read the diff), so the fragment is generated output, never edited by hand.
 */
class KnobSchemaTest {

    /** Relative to the runner module, surefire's working directory. */
    static final Path SCHEMA = Path.of("..", "results-schema", "src", "main", "resources", "io", "benchlab", "results",
            "run-result.schema.json");
    private static final String START = "    \"knobs\": {\n";
    private static final String END = "\n    },\n";

    @Test
    void theSchemasKnobsAreTheDeclaredOnes() throws IOException {
        String schema = Files.readString(SCHEMA, StandardCharsets.UTF_8);
        int defs = schema.indexOf("  \"$defs\": {\n");
        int start = schema.indexOf(START, defs);
        int end = schema.indexOf(END, start) + END.length();
        assertThat(defs).as("$defs in %s", SCHEMA).isPositive();
        assertThat(start).as("$defs/knobs in %s", SCHEMA).isGreaterThan(defs);
        String generated = fragment();
        if (Boolean.getBoolean("benchlab.update.schema")) {
            schema = schema.substring(0, start) + generated + schema.substring(end);
            end = start + generated.length();
            Files.writeString(SCHEMA, schema, StandardCharsets.UTF_8);
        }
        assertThat(schema.substring(start, end)).as("$defs/knobs of %s; regenerate it with"
                + " -Dbenchlab.update.schema=true and read the diff", SCHEMA).isEqualTo(generated);
        JsonNode knobs = ResultJson.mapper().readTree(schema).path("$defs").path("knobs");
        assertThat(knobs.path("properties").size()).isEqualTo(1 + KnobSpec.all().stream().filter(KnobSpec::recorded).count());
    }

    /**
     * What the codec records for a timed and a counted config is valid against the schema, and uses
     * every knob the schema has (results-schema's samples leave the knobs to this test).
     */
    @Test
    void whatTheCodecRecordsIsValidAndUsesEveryKnobOfTheSchema() throws IOException {
        RunResult f = SampleResults.full();
        Set<String> used = new TreeSet<>();
        for (WorkloadConfig c : List.of(KnobCodecTest.byDuration(), KnobCodecTest.byCount(),
                KnobCodecTest.bySteps(), KnobCodecTest.byRamp())) {
            RunResult r = new RunResult(f.schemaVersion(), f.runId(), f.status(), null, f.warnings(), f.timestamps(),
                    KnobCodec.knobs(c), f.engine(), f.environment(), f.placement(), f.load(), f.warmup(), f.figures(),
                    f.rounds(), f.intervals(), f.consistency(), f.serverStats());
            assertThat(ResultValidator.validate(ResultJson.write(r))).as("%s", c).isEmpty();
            used.addAll(r.knobs().values().keySet());
        }
        Set<String> declared = new TreeSet<>();
        ResultJson.mapper().readTree(Files.readString(SCHEMA)).path("$defs").path("knobs").path("properties")
                .fieldNames().forEachRemaining(declared::add);
        assertThat(used).isEqualTo(declared);
    }

    /** The fragment, in the file's own layout. */
    static String fragment() throws JsonProcessingException {
        KnobSpec duration = KnobSpec.of("duration");
        KnobSpec count = KnobSpec.of("transactionsPerClient");
        List<String> required = new ArrayList<>(List.of(KnobCodec.WORKLOAD_KEY));
        List<String> properties = new ArrayList<>(List.of(property(KnobCodec.WORKLOAD_KEY,
                "The workload that was run; only \"" + KnobCodec.WORKLOAD + "\" (TPC-B-like account/teller/branch"
                        + " updates) is defined.", "string", List.of(KnobCodec.WORKLOAD), null, null)));
        for (KnobSpec knob : KnobSpec.all()) {
            if (!knob.recorded()) {
                continue;
            }
            Knob declared = knob.declared();
            boolean added = !declared.absent().equals(Knob.NONE);
            if (!declared.optional() && !added) {
                required.add(knob.resultKey());
            }
            properties.add(property(knob.resultKey(), declared.result(), jsonType(knob.type()), labels(knob.type()),
                    minimum(knob), added ? knob.recordedValue(knob.parse(declared.absent())) : null));
        }
        return START
                + "      \"description\": \"Workload settings. Exactly one of " + duration.resultKey() + " and "
                + count.resultKey() + " is present.\",\n"
                + "      \"type\": \"object\",\n"
                + "      \"additionalProperties\": false,\n"
                + "      \"required\": " + list(required) + ",\n"
                + "      \"oneOf\": [\n"
                + "        {\n          \"required\": [\"" + duration.resultKey() + "\"]\n        },\n"
                + "        {\n          \"required\": [\"" + count.resultKey() + "\"]\n        }\n"
                + "      ],\n"
                + "      \"properties\": {\n"
                + String.join(",\n", properties) + "\n"
                + "      }" + END;
    }

    private static String property(String key, String description, String type, List<String> labels, Object minimum,
                                   Object absent) throws JsonProcessingException {
        StringBuilder p = new StringBuilder("        " + json(key) + ": {\n");
        p.append("          \"description\": ").append(json(description)).append(",\n");
        p.append("          \"type\": ").append(json(type));
        if (labels != null) {
            p.append(",\n          \"enum\": ").append(list(labels));
        }
        if (minimum != null) {
            p.append(",\n          \"minimum\": ").append(minimum);
        }
        if (absent != null) {
            p.append(",\n          \"default\": ").append(json(absent));
        }
        return p.append("\n        }").toString();
    }

    private static String jsonType(Class<?> type) {
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "integer";
        }
        if (type == double.class || type == Double.class || type == Duration.class) {
            return "number";
        }
        return type == boolean.class ? "boolean" : "string";
    }

    private static List<String> labels(Class<?> type) {
        return type.isEnum() ? Arrays.stream(type.getEnumConstants()).map(c -> KnobSpec.label((Enum<?>) c)).toList()
                : null;
    }

    /** The declared least whole number; a duration or a rate is never negative. */
    private static Object minimum(KnobSpec knob) {
        if (jsonType(knob.type()).equals("number")) {
            return 0;
        }
        return knob.declared().min() == Long.MIN_VALUE ? null : knob.declared().min();
    }

    private static String list(List<String> items) throws JsonProcessingException {
        List<String> quoted = new ArrayList<>();
        for (String item : items) {
            quoted.add(json(item));
        }
        return quoted.stream().collect(Collectors.joining(", ", "[", "]"));
    }

    private static String json(Object value) throws JsonProcessingException {
        return ResultJson.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
    }
}
