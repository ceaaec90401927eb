package io.benchlab.lab.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Change points on drawn series (fixed seeds: each test is one deterministic series, and
 * bench.changepoint_simulation measures the rates over hundreds).
 */
class EDivisiveTest {

    private static double[][] nights(long seed, int count, int rounds, double cv, int stepAt, double step) {
        Random random = new Random(seed);
        double[][] x = new double[count][rounds];
        for (int n = 0; n < count; n++) {
            for (int r = 0; r < rounds; r++) {
                x[n][r] = 1000 * (n >= stepAt ? 1 + step : 1) * (1 + cv * random.nextGaussian());
            }
        }
        return x;
    }

    @Test
    void aFivePercentStepIsFoundAtItsNightWithItsMeans() {
        List<EDivisive.Split> found = EDivisive.changePoints(nights(1, 40, 5, 0.03, 25, -0.05), 0.001);
        assertThat(found).hasSize(1);
        EDivisive.Split s = found.get(0);
        assertThat(s.index()).isBetween(24, 26);
        assertThat(s.meanBefore()).isCloseTo(1000, within(10.0));
        assertThat(s.meanAfter()).isCloseTo(950, within(10.0));
        assertThat(s.change()).isCloseTo(-0.05, within(0.01));
        assertThat(s.pValue()).isLessThan(0.001);
    }

    @Test
    void twoStepsAreTwoChangePoints() {
        double[][] x = nights(2, 60, 5, 0.02, 20, -0.10);
        for (int n = 40; n < 60; n++) {
            for (int r = 0; r < 5; r++) {
                x[n][r] *= 1.2; // back up, and beyond
            }
        }
        assertThat(EDivisive.changePoints(x, 0.001)).extracting(EDivisive.Split::index).containsExactly(20, 40);
    }

    @Test
    void aFlatSeriesHasNone() {
        assertThat(EDivisive.changePoints(nights(3, 60, 5, 0.03, 60, 0), 0.001)).isEmpty();
    }

    @Test
    void theRoundsKeepTheNightsVarianceFromLookingTooSmall() {
        // Four nights: two at 1000, two at 1010, each night's rounds 5% apart. The nights' means
        // alone agree so well that a t-test would call the 1% step certain; the rounds say a night's
        // mean moves by about 2%, so it is no change point.
        double[][] x = {{950, 1050, 1000, 975, 1025}, {950, 1050, 1000, 975, 1025},
                {960, 1060, 1010, 985, 1035}, {960, 1060, 1010, 985, 1035}};
        assertThat(EDivisive.changePoints(x, 0.001)).isEmpty();
        double[][] oneValue = {{1000}, {1000.1}, {1010}, {1010.1}};
        assertThat(EDivisive.changePoints(oneValue, 0.001)).extracting(EDivisive.Split::index).containsExactly(2);
    }

    @Test
    void fewerNightsThanTheMethodNeedsAreRefused() {
        assertThatThrownBy(() -> EDivisive.changePoints(new double[][] {{1}, {2}, {3}}, 0.001))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs 4 nights, got 3");
    }
}
