package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ContainerLimitsTest {

    @ParameterizedTest
    @CsvSource({"2g, 2147483648", "2Gi, 2147483648", "512m, 536870912", "512MB, 536870912", "100000000, 100000000",
        "65536k, 67108864"})
    void memorySizesReadAsDockerReadsThem(String text, long bytes) {
        assertThat(ContainerLimits.parseMemory("--db-memory", text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "two gig", "-1g", "1.5g", "1t", "99999999999999999999g"})
    void badSizesNameTheOption(String text) {
        assertThatThrownBy(() -> ContainerLimits.parseMemory("--db-memory", text))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--db-memory: '" + text + "'");
    }

    @Test
    void limitsMustBeUsable() {
        assertThat(new ContainerLimits(1.5, 1L << 30).nanoCpus()).isEqualTo(1_500_000_000L);
        assertThatThrownBy(() -> new ContainerLimits(0, 1L << 30)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new ContainerLimits(Double.NaN, 1L << 30)).isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> new ContainerLimits(1, 1L << 20)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at least 64m");
    }
}
