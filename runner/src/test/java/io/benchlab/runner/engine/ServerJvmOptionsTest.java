package io.benchlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** bin/launch adds bin/jvm-options-server's options for exactly the engines that run as servers. */
class ServerJvmOptionsTest {

    @Test
    void launcherListsEveryServerEngineAndNoEmbeddedOne() throws IOException {
        Path file = Path.of(System.getProperty("user.dir")).resolveSibling("bin").resolve("jvm-options-server");
        String engines = Files.readAllLines(file).stream().filter(l -> l.startsWith("engines:"))
                .findFirst().orElseThrow().substring("engines:".length()).trim();
        assertThat(Arrays.stream(engines.split("\\s+")).collect(Collectors.toSet()))
                .isEqualTo(Engines.all().stream().filter(e -> !e.embedded()).map(Engine::name)
                        .collect(Collectors.toSet()));
    }
}
