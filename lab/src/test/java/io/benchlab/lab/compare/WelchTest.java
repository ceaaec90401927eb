package io.benchlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import org.assertj.core.data.Percentage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The confidence interval behind lab compare's noise bound, on fixed samples worked out by hand. */
class WelchTest {

    private static final double[] ALTERNATING = {100, 104, 98, 102, 96, 100, 103, 97};

    @ParameterizedTest(name = "t(0.975, {0}) = {1}")
    @CsvSource({"2, 4.303", "3, 3.182", "5, 2.571", "10, 2.228", "14, 2.145", "30, 2.042", "1000000, 1.960"})
    void theTQuantileIsWithinOnePercentOfTheTable(double df, double table) {
        assertThat(Welch.tQuantile(df)).isCloseTo(table, Percentage.withPercentage(1));
    }

    @Test
    void fewerThanTwoDegreesOfFreedomCountAsTwo() {
        assertThat(Welch.tQuantile(0.5)).isEqualTo(Welch.tQuantile(2));
    }

    @Test
    void theHalfWidthOfTwoEqualSpreadsIsWorkedOutByHand() {
        // s^2 = 8.2857 over n = 8 (r1 = -0.5, so the effective size stays 8): 1.0357 a side;
        // df = (2 x 1.0357)^2 / (2 x 1.0357^2 / 7) = 14, t = 2.1448, half width 2.1448 x sqrt(2.0714).
        double[] shifted = Arrays.stream(ALTERNATING).map(x -> x + 10).toArray();
        assertThat(Welch.halfWidth(List.of(ALTERNATING), List.of(shifted))).isCloseTo(3.087, within(0.01));
    }

    @Test
    void aSeriesThatDriftsCountsAsFewSamples() {
        // r1 = 0.625: n(1 - r1)/(1 + r1) = 1.85, at least 2; the variance of the mean is s^2 / 2, not s^2 / 8.
        Welch.Moments m = Welch.moments(List.of(new double[] {1, 2, 3, 4, 5, 6, 7, 8}));
        assertThat(m.effectiveSize()).isEqualTo(2);
        assertThat(m.varianceOfMean()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void lagsAreTakenWithinRoundsOnly() {
        // Within rounds every lag pair is alike: r1 = 4/8, so 8 x 0.5 / 1.5. Lags across the rounds'
        // boundaries (1 -> 3, 3 -> 1) would have made r1 1/8 and the effective size 6.2.
        Welch.Moments m = Welch.moments(List.of(new double[] {1, 1}, new double[] {3, 3}, new double[] {1, 1},
                new double[] {3, 3}));
        assertThat(m.effectiveSize()).isCloseTo(8.0 / 3, within(1e-9));
    }

    @Test
    void noSpreadMeansNoNoiseAndTooFewSamplesMeanUnknown() {
        assertThat(Welch.halfWidth(List.of(new double[] {5, 5, 5}), List.of(new double[] {6, 6}))).isZero();
        assertThat(Welch.halfWidth(List.of(new double[] {5}), List.of(new double[] {6, 7}))).isNaN();
    }
}
