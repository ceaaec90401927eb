package io.benchlab.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The one place that turns a {@link RunResult} into JSON and back. The output is stable:
 * snake_case names in model order, map keys sorted, absent values left out, no
 * locale-dependent formatting, so golden files can seal it. Results of older schema versions are
 * read through {@link ResultUpgrades}.
 */
public final class ResultJson {

    /**
     * Jackson's default indenter ends lines with {@code System.lineSeparator()}; pin it to
     * {@code \n} so the bytes do not depend on the platform either.
     */
    private static final DefaultPrettyPrinter PRETTY_PRINTER = new DefaultPrettyPrinter()
            .withObjectIndenter(new DefaultIndenter("  ", "\n"));

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .defaultPrettyPrinter(PRETTY_PRINTER)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultJson() {
    }

    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * Builds (and caches) the serializers of a result, so that writing one later is warm code. A
     * runner stopped by a signal has a second or two to write its result, and the first write of
     * a process loaded some 700 classes: 1.2 s on 2 cores with six busy threads beside it.
     */
    public static void prepare() {
        MAPPER.canSerialize(RunResult.class);
    }

    public static String write(RunResult result) {
        try {
            return MAPPER.writeValueAsString(result) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A result of this schema version or an older one ({@link ResultUpgrades}). */
    public static RunResult read(String json) {
        try {
            return bind(MAPPER.readTree(json));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** As {@link #read(String)}, from a file. */
    public static RunResult read(Path file) throws IOException {
        return bind(MAPPER.readTree(file.toFile()));
    }

    private static RunResult bind(JsonNode tree) throws IOException {
        return MAPPER.treeToValue(ResultUpgrades.upgrade(tree), RunResult.class);
    }

    /** Writes through a temp file and a rename, so a reader never sees half a result. */
    public static void writeAtomically(RunResult result, Path file) throws IOException {
        AtomicFile.write(file, write(result), ".result-");
    }
}
