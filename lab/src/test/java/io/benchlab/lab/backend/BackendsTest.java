package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engines;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackendsTest {

    @ParameterizedTest
    @CsvSource({
        "hsqldb, false, embedded", "h2, false, embedded", "derby, false, embedded",
        "postgres, false, docker", "mariadb, false, docker", "mysql, false, docker", "hsqldb-server, false, docker",
        "postgres, true, external", "hsqldb-server, true, external", "hsqldb, true, external"})
    void theNaturalBackendFollowsTheEngineAndWhetherAUrlIsGiven(String engine, boolean url, String backend) {
        Backend b = Backends.choose(null, Engines.find(engine).orElseThrow(), url);
        assertThat(b.name()).isEqualTo(backend);
        assertThat(b.provisionsDatabase()).isEqualTo(backend.equals("docker"));
    }

    @ParameterizedTest
    @CsvSource({"docker", "embedded", "external"})
    void aNamedBackendWins(String name) {
        assertThat(Backends.choose(name, Engines.find("postgres").orElseThrow(), true).name()).isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource({"Docker, docker", "EXTERNAL, external", "' embedded ', embedded"})
    void backendNamesAreCaseInsensitive(String typed, String name) {
        assertThat(Backends.find(typed).name()).isEqualTo(name);
    }

    @org.junit.jupiter.api.Test
    void anUnknownBackendListsTheKnownOnes() {
        assertThatThrownBy(() -> Backends.find("kubernetes")).isInstanceOf(BadInputException.class)
                .hasMessage("unknown backend 'kubernetes'; available: embedded, external, docker");
    }
}
