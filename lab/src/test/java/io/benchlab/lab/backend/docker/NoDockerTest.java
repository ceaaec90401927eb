package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A server engine where no Docker API answers: one line with the ways out, exit 2, nothing else. */
class NoDockerTest {

    @Test
    void withoutDockerTheLabSaysSoInOneLineAndPointsToTheOtherBackends() throws Exception {
        NoDockerLab.Outcome o = NoDockerLab.run("run", "--engine", "postgres");
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.out()).isEmpty();
        assertThat(o.err().lines()).singleElement().asString()
                .startsWith("lab: no Docker reachable at DOCKER_HOST=unix:///nonexistent/benchlab-test.sock")
                .contains("make run", "BACKEND=external");
    }
}
