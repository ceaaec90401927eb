package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The serialised form of a result. The golden file seals the bytes of {@link SampleResults#full()};
 * after an intended change to the model or the mapper, regenerate it with
 * {@code mvn -o install -pl results-schema -Dgolden.update=true} and review the diff.
 */
class ResultJsonTest {

    /** Relative to the module directory, which is the working directory of surefire's forked JVM. */
    static final Path GOLDEN = Path.of("src", "test", "resources", "golden", "sample-result.json");

    static final boolean UPDATE = Boolean.getBoolean("golden.update");

    static Stream<String> locales() {
        // The five default locales asked for, plus variants that switch to native digits.
        return Stream.of("und", "de-DE", "tr-TR", "ar-SA", "hi-IN", "ar-SA-u-nu-arab", "hi-IN-u-nu-deva", "th-TH-u-nu-thai");
    }

    @BeforeAll
    static void updateGoldenFileWhenAsked() throws IOException {
        if (UPDATE) {
            String json = withDefaultLocale(Locale.ROOT, () -> ResultJson.write(SampleResults.full()));
            Files.createDirectories(GOLDEN.getParent());
            Files.write(GOLDEN, json.getBytes(StandardCharsets.UTF_8));
        }
    }

    @ParameterizedTest(name = "default locale {0}")
    @MethodSource("locales")
    void fullSampleMatchesGoldenFileByteForByte(String tag) throws IOException {
        Locale locale = Locale.forLanguageTag(tag);
        byte[] actual = withDefaultLocale(locale, () -> ResultJson.write(SampleResults.full()))
                .getBytes(StandardCharsets.UTF_8);
        assertThat(GOLDEN).as("golden file; regenerate with -Dgolden.update=true").exists();
        byte[] golden = Files.readAllBytes(GOLDEN);
        assertThat(new String(actual, StandardCharsets.UTF_8)).isEqualTo(new String(golden, StandardCharsets.UTF_8));
        assertThat(actual).isEqualTo(golden);
    }

    @Test
    void goldenFileIsValidAndReadsBackToTheSample() throws IOException {
        String golden = Files.readString(GOLDEN, StandardCharsets.UTF_8);
        assertThat(ResultValidator.validate(golden)).isEmpty();
        assertThat(ResultJson.read(golden)).isEqualTo(SampleResults.full());
    }

    @Test
    void outputIsPlainAsciiWithUnixLineEndsAndAFinalNewline() {
        String json = ResultJson.write(SampleResults.full());
        assertThat(json).doesNotContain("\r").endsWith("}\n");
        assertThat(json.chars()).allMatch(c -> c < 0x80);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"full", "onTmpfs", "onClaim", "onBind", "failed", "interrupted"})
    void readOfWriteGivesTheSameResult(String which) {
        RunResult sample = sample(which);
        assertThat(ResultJson.read(ResultJson.write(sample))).isEqualTo(sample);
    }

    @Test
    void aResultFromBeforeStorageWasRecordedReadsWithoutIt() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                ResultJson.mapper().readTree(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("placement").path("database")).remove("storage");
        RunResult old = ResultJson.read(ResultJson.mapper().writeValueAsString(tree));
        Placement p = SampleResults.full().placement();
        assertThat(old.placement().database().storage()).isNull();
        assertThat(old.placement().database()).isEqualTo(p.database().withStorage(null));
        assertThat(old.placement().runner()).isEqualTo(p.runner());
    }

    @Test
    void aResultFromBeforeTheWriteCapWasRecordedReadsAsUncapped() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                ResultJson.mapper().readTree(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("placement").path("database"))
                .remove("write_iops_limit");
        String json = ResultJson.mapper().writeValueAsString(tree);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult old = ResultJson.read(json);
        assertThat(old.placement().database())
                .isEqualTo(SampleResults.full().placement().database().withWriteIopsLimit(null));
    }

    @Test
    void aFlushProbeFromBeforeItsSustainedRateWasRecordedReadsWithoutIt() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode tree = (com.fasterxml.jackson.databind.node.ObjectNode)
                ResultJson.mapper().readTree(Files.readString(GOLDEN, StandardCharsets.UTF_8));
        ((com.fasterxml.jackson.databind.node.ObjectNode) tree.path("placement").path("database").path("storage")
                .path("flush")).remove("writes_per_second");
        String json = ResultJson.mapper().writeValueAsString(tree);
        assertThat(ResultValidator.validate(json)).isEmpty();
        Storage.FlushLatency old = ResultJson.read(json).placement().database().storage().flush();
        assertThat(old.writesPerSecond()).isNull();
        assertThat(old).isEqualTo(new Storage.FlushLatency(500, 0.081, 0.209, 0.467));
    }

    @Test
    void nullFieldsAreLeftOutNotWrittenAsNull() {
        String json = ResultJson.write(SampleResults.failed());
        assertThat(json).doesNotContain("null")
                .doesNotContain("\"figures\"")
                .doesNotContain("\"consistency\"")
                .doesNotContain("\"measured_start\"")
                .contains("\"cause\"")
                .contains("\"rounds\" : [ ]")
                .contains("\"intervals\" : [ ]");
    }

    @Test
    void writeAtomicallyLeavesOnlyTheTargetWithTheFullJson(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("results").resolve("run.json");

        ResultJson.writeAtomically(SampleResults.failed(), target);
        assertThat(listing(target.getParent())).containsExactly("run.json");
        assertThat(Files.readString(target, StandardCharsets.UTF_8)).isEqualTo(ResultJson.write(SampleResults.failed()));

        // Overwriting an existing result replaces it whole and still leaves no temp file.
        ResultJson.writeAtomically(SampleResults.full(), target);
        assertThat(listing(target.getParent())).containsExactly("run.json");
        String written = Files.readString(target, StandardCharsets.UTF_8);
        assertThat(written).isEqualTo(ResultJson.write(SampleResults.full()));
        assertThat(ResultJson.read(target)).isEqualTo(SampleResults.full());
        assertThat(listing(dir)).containsExactly("results");
    }

    static RunResult sample(String which) {
        return switch (which) {
            case "full" -> SampleResults.full();
            case "onTmpfs" -> SampleResults.onTmpfs();
            case "onClaim" -> SampleResults.onClaim();
            case "onBind" -> SampleResults.onBind();
            case "failed" -> SampleResults.failed();
            case "interrupted" -> SampleResults.interrupted();
            default -> throw new IllegalArgumentException(which);
        };
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Runs {@code body} with every default locale category set to {@code locale}, then restores them. */
    private static <T> T withDefaultLocale(Locale locale, java.util.function.Supplier<T> body) {
        Locale saved = Locale.getDefault();
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        try {
            Locale.setDefault(locale);
            assertThat(Locale.getDefault(Locale.Category.FORMAT)).isEqualTo(locale);
            return body.get();
        } finally {
            Locale.setDefault(saved);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
        }
    }
}
