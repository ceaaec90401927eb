package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

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
}
