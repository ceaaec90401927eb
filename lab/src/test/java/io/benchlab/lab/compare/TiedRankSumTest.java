package io.benchlab.lab.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.apache.commons.statistics.inference.MannWhitneyUTest;
import org.apache.commons.statistics.inference.PValueMethod;
import org.junit.jupiter.api.Test;

/** The exact rank-sum p-value with ties, against hand counts and against Commons Statistics where it is exact. */
class TiedRankSumTest {

    @Test
    void withoutTiesItIsCommonsStatisticsExactPValue() {
        MannWhitneyUTest exact = MannWhitneyUTest.withDefaults().with(PValueMethod.EXACT);
        SplittableRandom random = new SplittableRandom(16);
        for (int trial = 0; trial < 200; trial++) {
            double[] a = random.doubles(2 + random.nextInt(12)).toArray();
            double[] b = random.doubles(2 + random.nextInt(12)).map(x -> x + 0.3 * random.nextDouble()).toArray();
            assertThat(TiedRankSum.tied(a, b)).isFalse();
            assertThat(TiedRankSum.pValue(a, b)).as("trial %d", trial).isCloseTo(exact.test(a, b).getPValue(),
                    within(1e-12));
        }
    }

    /** Pooled 1, 2, 2, 3: doubled mid-ranks 2, 5, 5, 8; {1, 2} sums to 7 against 10 expected; 4 of the 6 splits are as far. */
    @Test
    void aSmallTiedCaseIsCountedByHand() {
        assertThat(TiedRankSum.pValue(new double[] {1, 2}, new double[] {2, 3})).isCloseTo(4.0 / 6, within(1e-15));
    }

    /** Rate-capped rounds: every round of a side alike, the sides apart; only 2 of the C(16, 8) splits lie as far. */
    @Test
    void sidesApartWithTiesInsideEachGiveTheLeastPValue() {
        double[] capped = {201.0, 201.0, 200.9, 201.0, 201.0, 200.9, 201.0, 201.0};
        double[] base = {401.0, 400.9, 401.0, 401.0, 400.8, 401.0, 401.0, 400.9};
        assertThat(TiedRankSum.tied(base, capped)).isTrue();
        assertThat(TiedRankSum.pValue(base, capped)).isCloseTo(2.0 / 12_870, within(1e-15));
        assertThat(RoundEvidence.uTest(base, capped)).as("what lab compare takes").isCloseTo(2.0 / 12_870,
                within(1e-15));
        assertThat(MannWhitneyUTest.withDefaults().test(base, capped).getPValue())
                .as("the normal approximation Commons Statistics turns to with ties").isGreaterThan(0.0002);
    }

    @Test
    void allAlikeIsNoEvidence() {
        assertThat(TiedRankSum.pValue(new double[] {5, 5, 5}, new double[] {5, 5, 5, 5})).isEqualTo(1.0);
    }
}
