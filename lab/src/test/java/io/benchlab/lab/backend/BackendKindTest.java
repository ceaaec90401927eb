package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engines;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackendKindTest {

    @ParameterizedTest
    @CsvSource({
        "hsqldb, false, embedded", "h2, false, embedded", "derby, false, embedded",
        "postgres, false, docker", "mariadb, false, docker", "mysql, false, docker", "hsqldb-server, false, docker",
        "postgres, true, external", "hsqldb-server, true, external", "hsqldb, true, external"})
    void theNaturalBackendFollowsTheEngineAndWhetherAUrlIsGiven(String engine, boolean url, String backend) {
        BackendKind b = BackendKind.choose(null, Engines.find(engine).orElseThrow(), url);
        assertThat(b.label()).isEqualTo(backend);
        assertThat(b.provisionsDatabase()).isEqualTo(backend.equals("docker"));
    }

    @ParameterizedTest
    @CsvSource({"docker", "embedded", "external", "kubernetes"})
    void aNamedBackendWins(String name) {
        assertThat(BackendKind.choose(name, Engines.find("postgres").orElseThrow(), true).label()).isEqualTo(name);
    }

    @ParameterizedTest
    @CsvSource({"Docker, docker", "EXTERNAL, external", "' embedded ', embedded", "Kubernetes, kubernetes"})
    void backendNamesAreCaseInsensitive(String typed, String name) {
        assertThat(BackendKind.find(typed).label()).isEqualTo(name);
    }

    @org.junit.jupiter.api.Test
    void anUnknownBackendListsTheKnownOnes() {
        assertThatThrownBy(() -> BackendKind.find("k8s")).isInstanceOf(BadInputException.class)
                .hasMessage("unknown backend 'k8s'; available: embedded, external, docker, kubernetes");
    }
}
