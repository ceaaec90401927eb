package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Results that older runners wrote, as they are in git history: schema 3 (the runner's golden
 * result at b110ad5, results-schema's sample there), schema 4 (9d839fd, 252e1cb) and schema 5 from
 * before server_stats and driver were knobs (61c8ba4). Each reads at this model's version with
 * every figure, round and interval it holds, and its knobs give back the config its runner ran,
 * which lab rerun runs again.
 */
class OlderResultsTest {

    static final List<String> FILES = List.of("schema-3-embedded.json", "schema-3-docker.json",
            "schema-4-embedded.json", "schema-4-docker.json", "schema-5-before-server-stats.json");

    /** An older result's text, from this module's test resources (older/). */
    public static String text(String name) {
        try (InputStream in = OlderResultsTest.class.getResourceAsStream("/older/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> files() {
        return FILES;
    }

    @ParameterizedTest
    @MethodSource("files")
    void readsAtThisVersionWithAllItHolds(String name) throws IOException {
        JsonNode written = ResultJson.mapper().readTree(text(name));
        RunResult r = ResultJson.read(text(name));
        assertThat(r.schemaVersion()).isEqualTo(RunResult.SCHEMA_VERSION);
        assertThat(r.runId()).isEqualTo(written.path("run_id").asText());
        assertThat(ResultJson.mapper().writeValueAsString(r.knobs()))
                .isEqualTo(ResultJson.mapper().writeValueAsString(written.path("knobs")));
        assertThat(r.figures().tps()).isEqualTo(written.path("figures").path("tps").asDouble());
        assertThat(r.figures().latency().p99Ms()).isEqualTo(written.path("figures").path("latency").path("p99_ms")
                .asDouble());
        assertThat(r.rounds()).hasSize(written.path("rounds").size());
        for (int i = 0; i < r.rounds().size(); i++) {
            assertThat(r.rounds().get(i).figures().committed())
                    .isEqualTo(written.path("rounds").path(i).path("figures").path("committed").asLong());
        }
        assertThat(r.intervals()).hasSize(written.path("intervals").size());
        assertThat(r.engine().settings()).hasSize(written.path("engine").path("settings").size());
    }

    /** What lab rerun runs for them: what their runners ran, the knobs they predate as their declarations say. */
    @Test
    void theirKnobsGiveBackWhatTheirRunnersRan() {
        List<String> embedded = List.of("--scale", "1", "--clients", "2", "--duration", "5s", "--warmup", "1s",
                "--rounds", "3", "--seed", "42", "--interval", "2500ms", "--server-stats", "off", "--driver", "jdbc");
        for (String name : List.of("schema-3-embedded.json", "schema-4-embedded.json", "schema-5-before-server-stats.json")) {
            RunResult r = ResultJson.read(text(name));
            assertThat(KnobCodec.config(r.knobs(), false)).as(name).isEqualTo(KnobCodecTest.parse(embedded));
        }
        List<String> docker = List.of("--scale", "10", "--clients", "4", "--duration", "20s", "--warmup", "5s",
                "--rate", "1500", "--rounds", "2", "--seed", "42", "--isolation", "read-committed", "--max-tries", "3",
                "--interval", "10s", "--load-batch-size", "1000", "--statement-timeout", "5s", "--server-stats", "off",
                "--driver", "jdbc");
        for (String name : List.of("schema-3-docker.json", "schema-4-docker.json")) {
            RunResult r = ResultJson.read(text(name));
            assertThat(KnobCodec.config(r.knobs(), true)).as(name)
                    .isEqualTo(KnobCodecTest.parse(concat(docker, "--init")));
        }
    }

    private static List<String> concat(List<String> args, String more) {
        List<String> all = new java.util.ArrayList<>(args);
        all.add(more);
        return all;
    }
}
