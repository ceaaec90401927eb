package io.benchlab.lab.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SignTestTest {

    @Test
    void theFewestRoundsAreThoseWhoseAllPassingIsRareEnoughByChance() {
        assertThat(SignTest.minimumRounds(0.05)).isEqualTo(5);
        assertThat(SignTest.minimumRounds(0.01)).isEqualTo(7);
        assertThat(SignTest.minimumRounds(0.5)).isEqualTo(1);
        assertThatThrownBy(() -> SignTest.minimumRounds(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** The figures of the javadoc: 5 of 5, 7 of 8, 9 of 10 at 0.05; none will do with 4. */
    @Test
    void roundsToPassFollowTheBinomialTail() {
        assertThat(SignTest.roundsToPass(5, 0.05)).isEqualTo(5);
        assertThat(SignTest.roundsToPass(8, 0.05)).isEqualTo(7);
        assertThat(SignTest.roundsToPass(10, 0.05)).isEqualTo(9);
        assertThat(SignTest.roundsToPass(4, 0.05)).isEqualTo(5);
        assertThat(SignTest.roundsToPass(7, 0.01)).isEqualTo(7);
    }

    @Test
    void theIntervalIsMinToMaxOfFiveAndDropsTheExtremesOfTen() {
        assertThat(SignTest.interval(new double[] {3, 1, 5, 2, 4}, 0.05)).containsExactly(1, 5);
        assertThat(SignTest.interval(new double[] {10, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 0.05)).containsExactly(2, 9);
        assertThat(SignTest.interval(new double[] {2, 1}, 0.05)).containsExactly(1, 2);
    }
}
