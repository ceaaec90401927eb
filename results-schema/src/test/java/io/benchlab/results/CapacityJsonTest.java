package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The serialised form of a capacity result. The golden file seals the bytes of
 * {@link SampleCapacity#full()}; regenerate it with
 * {@code mvn -o install -pl results-schema -Dgolden.update=true} and review the diff.
 */
class CapacityJsonTest {

    static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "sample-capacity.json");

    @BeforeAll
    static void updateGoldenFileWhenAsked() throws IOException {
        if (ResultJsonTest.UPDATE) {
            Files.write(GOLDEN, write(SampleCapacity.full()));
        }
    }

    @Test
    void fullSampleMatchesGoldenFileByteForByte() throws IOException {
        assertThat(GOLDEN).as("golden file; regenerate with -Dgolden.update=true").exists();
        assertThat(new String(write(SampleCapacity.full()), StandardCharsets.UTF_8))
                .isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8));
    }

    @Test
    void goldenFileIsValidAndReadsBackToTheSample() throws IOException {
        String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);
        assertThat(CapacityJson.validate(golden)).isEmpty();
        assertThat(CapacityJson.read(golden)).isEqualTo(SampleCapacity.full());
    }

    @Test
    void anInterruptedSearchWithoutStepsIsValidAndReadsBack() {
        CapacityResult sample = SampleCapacity.interrupted();
        String json = CapacityJson.write(sample);
        assertThat(CapacityJson.validate(json)).isEmpty();
        assertThat(json).doesNotContain("null").doesNotContain("\"engine\"").contains("\"steps\" : [ ]");
        assertThat(CapacityJson.read(json)).isEqualTo(sample);
    }

    /** The first documents had no verdict: they stay valid, a fail reads as a fail, and a verdict must agree with pass. */
    @Test
    void aStepWithoutItsVerdictStillReadsAndAVerdictMustAgreeWithPass() {
        ObjectNode tree = ResultJson.mapper().valueToTree(SampleCapacity.full());
        tree.withArray("steps").forEach(step -> ((ObjectNode) step).remove("verdict"));
        assertThat(CapacityJson.validate(tree)).isEmpty();
        CapacityResult read = CapacityJson.read(tree.toString());
        assertThat(read.steps()).extracting(CapacityStep::verdictOrPass).containsExactly(StepVerdict.PASS,
                StepVerdict.PASS, StepVerdict.FAIL, StepVerdict.FAIL, StepVerdict.FAIL);
        ((ObjectNode) tree.withArray("steps").get(0)).put("verdict", "maybe");
        assertThat(CapacityJson.validate(tree)).singleElement().asString().contains("verdict");
        ((ObjectNode) tree.withArray("steps").get(0)).put("verdict", "unclear");
        assertThatThrownBy(() -> CapacityJson.read(tree.toString())).hasMessageContaining("contradicts");
    }

    /** The run result's own definitions are checked too: an engine without its name is refused. */
    @Test
    void theReferredRunResultDefinitionsAreEnforced() {
        ObjectNode tree = ResultJson.mapper().valueToTree(SampleCapacity.full());
        ((ObjectNode) tree.path("engine")).remove("name");
        ((ObjectNode) tree.path("knobs")).put("clients", 0);
        assertThat(CapacityJson.validate(tree)).hasSize(2)
                .anyMatch(m -> m.contains("$.engine") && m.contains("name"))
                .anyMatch(m -> m.contains("$.knobs.clients"));
    }

    @Test
    void aFailedSearchMustSayWhyAndARunResultIsNoCapacityResult() {
        ObjectNode tree = ResultJson.mapper().valueToTree(SampleCapacity.full());
        tree.put("status", "failed");
        assertThat(CapacityJson.validate(tree)).singleElement().asString().contains("cause");
        assertThat(CapacityJson.validate(ResultJson.write(SampleResults.full()))).isNotEmpty()
                .anyMatch(m -> m.contains("kind"));
    }

    @Test
    void writeAtomicallyLeavesTheFullJson(@org.junit.jupiter.api.io.TempDir Path dir) throws IOException {
        Path file = dir.resolve("c.json");
        CapacityJson.writeAtomically(SampleCapacity.full(), file);
        assertThat(CapacityJson.read(file)).isEqualTo(SampleCapacity.full());
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(file);
        }
    }

    private static byte[] write(CapacityResult result) {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.forLanguageTag("ar-SA-u-nu-arab"));
            return CapacityJson.write(result).getBytes(StandardCharsets.UTF_8);
        } finally {
            Locale.setDefault(before);
        }
    }
}
