package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class SetupTest {

    @Test
    void hashIsTwelveHexDigitsOfEngineProfileAndSortedSettings() {
        String hash = Setup.hash("postgres", "durable", Map.of("work_mem", "8MB", "shared_buffers", "256MB"));
        // sha256("postgres\ndurable\nshared_buffers=256MB\nwork_mem=8MB\n"), as sha256sum prints it.
        assertThat(hash).isEqualTo("0ba0f96dac97").matches("[0-9a-f]{12}");
        assertThat(Setup.hash("postgres", "durable", new java.util.LinkedHashMap<>(Map.of("shared_buffers", "256MB",
                "work_mem", "8MB")))).isEqualTo(hash);
        assertThat(Setup.hash("postgres", "relaxed", Map.of("work_mem", "8MB", "shared_buffers", "256MB")))
                .isNotEqualTo(hash);
        assertThat(Setup.hash("mariadb", "durable", Map.of("work_mem", "8MB", "shared_buffers", "256MB")))
                .isNotEqualTo(hash);
    }

    @Test
    void aResultWithoutSetupWritesNoneAndReadsBackWithout() {
        RunResult failed = SampleResults.failed();
        String json = ResultJson.write(failed);
        assertThat(json).doesNotContain("\"setup\"");
        assertThat(ResultJson.read(json).setup()).isNull();
        assertThat(ResultValidator.validate(json)).isEmpty();
    }

    @Test
    void aResultWithSetupReadsBackTheGivenAndTheServersValues() {
        RunResult withSetup = SampleResults.failed().withSetup(SampleResults.SETUP);
        String json = ResultJson.write(withSetup);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult read = ResultJson.read(json);
        assertThat(read).isEqualTo(withSetup);
        assertThat(read.setup().settings().get("shared_buffers")).isEqualTo(new Setup.Given("262144kB", "256MB"));
        assertThat(read.setup().settings().get("custom.note").server()).isNull();
    }

    @Test
    void theSchemaRefusesAHashOfAnotherShape() {
        String json = ResultJson.write(SampleResults.failed().withSetup(new Setup(SampleResults.SETUP.settings(), "XYZ")));
        assertThat(ResultValidator.validate(json)).isNotEmpty();
    }
}
