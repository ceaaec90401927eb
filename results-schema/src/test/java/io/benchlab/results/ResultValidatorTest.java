package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ResultValidatorTest {

    @Test
    void fullSampleIsValid() {
        assertThat(ResultValidator.validate(SampleResults.full())).isEmpty();
    }

    @Test
    void failedSampleIsValid() {
        assertThat(ResultValidator.validate(SampleResults.failed())).isEmpty();
    }

    @Test
    void interruptedSampleIsValid() {
        assertThat(ResultValidator.validate(SampleResults.interrupted())).isEmpty();
    }

    @Test
    void writtenTextOfEverySampleIsValid() {
        for (RunResult sample : List.of(SampleResults.full(), SampleResults.failed(), SampleResults.interrupted())) {
            assertThat(ResultValidator.validate(ResultJson.write(sample))).as(sample.runId()).isEmpty();
        }
    }

    @Test
    void failedStatusWithoutCauseIsRejected() {
        RunResult f = SampleResults.failed();
        RunResult noCause = new RunResult(f.schemaVersion(), f.runId(), f.status(), null, f.warnings(), f.timestamps(), f.knobs(),
                f.engine(), f.environment(), f.placement(), f.load(), f.warmup(), f.figures(), f.rounds(),
                f.intervals(), f.consistency(), f.serverStats());
        assertThat(ResultValidator.validate(noCause)).anySatisfy(m -> assertThat(m).contains("cause"));
    }

    @Test
    void interruptedStatusWithoutCauseIsRejected() {
        ObjectNode json = tree(SampleResults.interrupted());
        json.remove("cause");
        assertThat(ResultValidator.validate(json)).anySatisfy(m -> assertThat(m).contains("cause"));
    }

    @Test
    void messagesAreInEnglishWhateverTheDefaultLocale() {
        ObjectNode json = tree(SampleResults.full());
        json.remove("run_id");
        Locale saved = Locale.getDefault();
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        try {
            for (String tag : List.of("de-DE", "fr-FR", "tr-TR", "zh-CN")) {
                Locale.setDefault(Locale.forLanguageTag(tag));
                assertThat(ResultValidator.validate(json)).as(tag)
                        .containsExactly("$: required property 'run_id' not found");
            }
        } finally {
            Locale.setDefault(saved);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
        }
    }

    @Test
    void notJsonIsReported() {
        assertThat(ResultValidator.validate("{ not json")).singleElement().asString().startsWith("not JSON");
    }

    static Stream<Arguments> brokenDocuments() {
        return Stream.of(
                broken("unknown top-level property", "extra", j -> j.put("extra", 1)),
                broken("status weird", "status", j -> j.put("status", "weird")),
                broken("missing run_id", "run_id", j -> j.remove("run_id")),
                broken("negative committed", "committed", j -> figures(j).put("committed", -1)),
                broken("failures_by_cause key xyz", "xyz",
                        j -> figures(j).withObjectProperty("failures_by_cause").put("xyz", 1)),
                broken("unknown statement key", "delete_account",
                        j -> figures(j).withObjectProperty("statements").set("delete_account", figures(j).get("latency"))),
                broken("wrong schema_version", "schema_version", j -> j.put("schema_version", "1")),
                broken("unknown knob", "turbo", j -> j.withObjectProperty("knobs").put("turbo", true)),
                broken("both duration and count", "knobs", j -> j.withObjectProperty("knobs").put("transactions_per_client", 10)),
                broken("neither duration nor count", "knobs", j -> j.withObjectProperty("knobs").remove("duration_seconds")),
                broken("scale 0", "scale", j -> j.withObjectProperty("knobs").put("scale", 0)),
                broken("isolation snapshot", "isolation", j -> j.withObjectProperty("knobs").put("isolation", "snapshot")),
                broken("backend vm", "backend", j -> j.withObjectProperty("placement").put("backend", "vm")),
                broken("fractional count", "committed", j -> figures(j).put("committed", 1.5)),
                broken("negative tps", "tps", j -> figures(j).put("tps", -0.1)),
                broken("latency without p999", "p999_ms", j -> figures(j).withObjectProperty("latency").remove("p999_ms")),
                broken("started not a date-time", "started",
                        j -> j.withObjectProperty("timestamps").put("started", "yesterday")),
                broken("finished without a zone", "finished",
                        j -> j.withObjectProperty("timestamps").put("finished", "2025-01-15T10:01:22")),
                broken("started not a string", "started", j -> j.withObjectProperty("timestamps").put("started", 1736935200)),
                broken("run_id with a slash", "run_id", j -> j.put("run_id", "../../etc/passwd")),
                broken("side with unknown field", "gpu", j -> j.withObjectProperty("placement").withObjectProperty("runner").put("gpu", 1)),
                broken("NaN tps", "tps", j -> figures(j).put("tps", "NaN")));
    }

    private static Arguments broken(String name, String mentioned, Consumer<ObjectNode> breakIt) {
        return Arguments.of(name, mentioned, breakIt);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("brokenDocuments")
    void brokenDocumentIsRejected(String name, String mentioned, Consumer<ObjectNode> breakIt) {
        ObjectNode json = tree(SampleResults.full());
        assertThat(ResultValidator.validate(json)).as("before breaking").isEmpty();
        breakIt.accept(json);
        List<String> violations = ResultValidator.validate(json);
        assertThat(violations).as(name).isNotEmpty().anySatisfy(m -> assertThat(m).contains(mentioned));
    }

    private static ObjectNode tree(RunResult result) {
        return ResultJson.mapper().valueToTree(result);
    }

    private static ObjectNode figures(ObjectNode json) {
        return json.withObjectProperty("figures");
    }
}
