package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine.TypeConversionException;

/** Durations as people type them: units spelled out or not, spaces, fractions, days, up to the ceiling. */
class DurationConverterTest {

    private final DurationConverter converter = new DurationConverter();

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "30        | PT30S", "30s | PT30S", "10sec | PT10S", "10 s | PT10S", "10 seconds | PT10S",
        "500ms     | PT0.5S", "1.5m | PT1M30S", "5 min | PT5M", "2h | PT2H", "1 hour | PT1H",
        "1d        | PT24H", "2 days | PT48H", "1h30m | PT1H30M", "1m 30s | PT1M30S", "30D | PT720H",
        "0.25s     | PT0.25S", "2592000000ms | PT720H"})
    void readsWhatPeopleType(String text, String expected) {
        assertThat(converter.convert(text)).isEqualTo(Duration.parse(expected));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {
        "99999999999d | too long", "99999999999h | too long", "31d | too long", "720h1s | too long",
        "500us | not a duration", "abc | not a duration", "-5s | not a duration", "1m30 | not a duration",
        "'' | not a duration", "1e3s | not a duration"})
    void refusesOtherwiseInOneLine(String text, String words) {
        assertThatThrownBy(() -> converter.convert(text)).isInstanceOf(TypeConversionException.class)
                .hasMessageContaining("'" + text + "'").hasMessageContaining(words)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource(delimiter = '|', value = {"31d | at most 30d"})
    void tooLongNamesTheCeiling(String text, String words) {
        assertThatThrownBy(() -> converter.convert(text)).hasMessageContaining(words);
    }
}
