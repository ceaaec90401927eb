package io.benchlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class ScaleTest {

    @Test
    void linearRoundsOutToNiceTicksAndMapsItsEndsOntoThePixels() {
        Scale s = Scale.linear(0, 7299.2, 364, 64);
        assertThat(s.ticks()).containsExactly(0.0, 2000.0, 4000.0, 6000.0, 8000.0);
        assertThat(s.at(0)).isCloseTo(364, within(1e-9));
        assertThat(s.at(8000)).isCloseTo(64, within(1e-9));
        assertThat(s.at(4000)).isCloseTo(214, within(1e-9));
        assertThat(s.label(6000)).isEqualTo("6,000");
    }

    @Test
    void smallStepsKeepTheirDecimalsExact() {
        Scale s = Scale.linear(0, 0.7, 0, 100);
        assertThat(s.ticks()).containsExactly(0.0, 0.2, 0.4, 0.6, 0.8);
        assertThat(s.label(0.6)).isEqualTo("0.6");
    }

    @Test
    void anEmptyRangeStillHasAnAxis() {
        Scale s = Scale.linear(0, 0, 0, 100);
        assertThat(s.ticks()).hasSizeGreaterThan(1).contains(0.0);
        assertThat(s.at(0)).isFinite();
    }

    @Test
    void log2TicksAtTheClientCountsAndDoublingIsOneEqualStep() {
        Scale s = Scale.log2(List.of(1.0, 2.0, 4.0, 8.0, 64.0, 4.0), 100, 1000);
        assertThat(s.ticks()).containsExactly(1.0, 2.0, 4.0, 8.0, 64.0);
        assertThat(s.at(2) - s.at(1)).isCloseTo(s.at(64) - s.at(32), within(1e-9));
        assertThat(s.at(1)).isGreaterThan(100);
        assertThat(s.at(64)).isLessThan(1000);
        assertThat(s.label(64)).isEqualTo("64");
    }

    @Test
    void log10SpansThePowersOfTenAroundTheValues() {
        Scale s = Scale.log10(0.03, 4.5, 364, 64);
        assertThat(s.ticks()).startsWith(0.01, 0.02, 0.05, 0.1).endsWith(2.0, 5.0, 10.0);
        assertThat(s.at(0.01)).isCloseTo(364, within(1e-9));
        assertThat(s.at(10)).isCloseTo(64, within(1e-9));
        // Over more than three decades only the powers of ten, or the labels would crowd.
        assertThat(Scale.log10(0.03, 45, 364, 64).ticks()).containsExactly(0.01, 0.1, 1.0, 10.0, 100.0);
        assertThat(s.label(0.05)).isEqualTo("0.05");
        assertThat(Scale.spreads(List.of(0.05, 40.0), 20)).isTrue();
        assertThat(Scale.spreads(List.of(0.0, 40.0), 20)).as("zero has no logarithm").isFalse();
        assertThat(Scale.spreads(List.of(10.0, 40.0), 20)).isFalse();
    }
}
