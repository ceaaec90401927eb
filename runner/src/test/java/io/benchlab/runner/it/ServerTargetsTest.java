package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opentest4j.TestAbortedException;

/** A skipped integration test names the variable it lacks and the script that sets it. */
class ServerTargetsTest {

    @Test
    void dockerHostComesFromTheContainersScript() {
        assertThat(ServerTargets.missing("DOCKER_HOST")).contains("set DOCKER_HOST")
                .contains(".ci/containers start").contains("source /tmp/benchlab-containers/env")
                .doesNotContain(".ci/services");
    }

    @Test
    void serversComeFromTheServicesScript() {
        assertThat(ServerTargets.missing("BENCHLAB_PG_URL")).contains("set BENCHLAB_PG_URL")
                .contains(".ci/services start").contains("source /tmp/benchlab-services/env")
                .doesNotContain(".ci/containers");
    }

    @ParameterizedTest
    @ValueSource(strings = {"BENCHLAB_INFLUX_URL", "BENCHLAB_INFLUX_TOKEN_FILE", "BENCHLAB_INFLUXD"})
    void influxComesFromTheInfluxScript(String variable) {
        assertThat(ServerTargets.missing(variable)).startsWith("no InfluxDB: set " + variable + " (")
                .contains(".ci/influx start").contains("source /tmp/benchlab-influx/env")
                .doesNotContain(".ci/services");
    }

    @Test
    void chromiumComesFromDebiansPackage() {
        assertThat(ServerTargets.missing("BENCHLAB_CHROMIUM")).startsWith("no Chromium: set BENCHLAB_CHROMIUM (")
                .contains("apt-get install chromium").contains("export BENCHLAB_CHROMIUM=")
                .doesNotContain(".ci/services");
    }

    /**
     * The line make test prints for a class that lacks InfluxDB (through the real skip: a variable
     * no one sets), one line naming the variable and the script; under CI's required=all, a failure.
     */
    @Test
    void aSkippedInfluxTestPrintsOneLineThatSaysWhatToStart() {
        Throwable skip = catchThrowable(() -> ServerTargets.variable("BENCHLAB_INFLUX_UNSET_IN_TESTS"));
        String expected = "no InfluxDB: set BENCHLAB_INFLUX_UNSET_IN_TESTS (start one with .ci/influx start, then"
                + " source /tmp/benchlab-influx/env)";
        if ("all".equals(System.getenv(ServerTargets.REQUIRED))) {
            assertThat(skip).isInstanceOf(AssertionError.class).hasMessage(expected + " [BENCHLAB_IT_REQUIRED=all]");
        } else {
            assertThat(skip).isInstanceOf(TestAbortedException.class);
            assertThat(SkipReasons.Tally.line("InfluxSinkIT", SkipReasons.reason(skip), 2, 2))
                    .isEqualTo("SKIPPED InfluxSinkIT: " + expected);
        }
    }
}
