package io.benchlab.lab.images;

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
        "65536k, 67108864", "1.5g, 1610612736", "0.5G, 536870912", "1 g, 1073741824", "1t, 1099511627776"})
    void memorySizesReadAsDockerReadsThem(String text, long bytes) {
        assertThat(ContainerLimits.parseMemory("--db-memory", text)).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "two gig", "-1g", "1.5.5g", "1x", "99999999999999999999g"})
    void badSizesNameTheOption(String text) {
        assertThatThrownBy(() -> ContainerLimits.parseMemory("--db-memory", text))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("--db-memory: '" + text + "'");
    }

    @ParameterizedTest
    @CsvSource({"-1, 1g, --db-cpus, got -1", "0, 1g, --db-cpus, got 0", "0.001, 1g, --db-cpus, got 0.001",
        "NaN, 1g, --db-cpus, got NaN", "1, 10m, --db-memory, got 10m", "1, 0.01g, --db-memory, got 0.01g"})
    void everyLimitMessageNamesItsFlag(double cpus, String memory, String flag, String got) {
        assertThatThrownBy(() -> ContainerLimits.of("--db-cpus", cpus, "--db-memory", memory))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith(flag + " must be at least ")
                .hasMessageEndingWith(got);
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
