package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** How transactions pick their rows and deltas. */
class DistributionTest {

    private static final int DRAWS = 100_000;

    private static List<String> sequence(Distribution d, long seed, int scale, int n) {
        SplittableRandom random = new SplittableRandom(seed);
        TxInput in = new TxInput();
        List<String> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            d.next(random, scale, in);
            out.add(in.toString());
        }
        return out;
    }

    @ParameterizedTest
    @EnumSource(Distribution.class)
    void sameSeedGivesTheSameSequence(Distribution d) {
        assertThat(sequence(d, 42, 10, 1_000)).isEqualTo(sequence(d, 42, 10, 1_000));
        assertThat(sequence(d, 42, 10, 1_000)).isNotEqualTo(sequence(d, 43, 10, 1_000));
    }

    @Test
    void tpcbBranchIsTheTellersBranchAndTheAccountMostlyHome() {
        int scale = 10;
        SplittableRandom random = new SplittableRandom(7);
        TxInput in = new TxInput();
        int home = 0;
        boolean[] otherBranchSeen = new boolean[scale + 1];
        for (int i = 0; i < DRAWS; i++) {
            Distribution.TPCB.next(random, scale, in);
            assertThat(in.tid).isBetween(1, Scaling.tellers(scale));
            assertThat(in.aid).isBetween(1, Scaling.accounts(scale));
            assertThat(in.bid).isBetween(1, Scaling.branches(scale));
            assertThat(in.bid).as("bid of %s", in).isEqualTo(Scaling.branchOfTeller(in.tid));
            int accountBranch = Scaling.branchOfAccount(in.aid);
            if (accountBranch == in.bid) {
                home++;
            } else {
                otherBranchSeen[accountBranch] = true;
            }
        }
        double share = home / (double) DRAWS;
        assertThat(share).isBetween(0.83, 0.87);
        for (int b = 1; b <= scale; b++) {
            assertThat(otherBranchSeen[b]).as("branch %d drawn as a remote account branch", b).isTrue();
        }
    }

    @Test
    void tpcbAtScaleOneAlwaysUsesTheHomeBranch() {
        SplittableRandom random = new SplittableRandom(1);
        TxInput in = new TxInput();
        for (int i = 0; i < DRAWS; i++) {
            Distribution.TPCB.next(random, 1, in);
            assertThat(in.bid).isEqualTo(1);
            assertThat(in.tid).isBetween(1, 10);
            assertThat(in.aid).isBetween(1, 100_000);
        }
    }

    @Test
    void tpcbAtScaleTwoNeverLeavesTheRange() {
        SplittableRandom random = new SplittableRandom(2);
        TxInput in = new TxInput();
        for (int i = 0; i < DRAWS; i++) {
            Distribution.TPCB.next(random, 2, in);
            assertThat(in.aid).isBetween(1, 200_000);
            assertThat(in.tid).isBetween(1, 20);
            assertThat(in.bid).isBetween(1, 2);
        }
    }

    @Test
    void tpcbDeltaStaysWithinClauseLimitsAndTakesBothSigns() {
        SplittableRandom random = new SplittableRandom(3);
        TxInput in = new TxInput();
        int min = Integer.MAX_VALUE;
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < DRAWS; i++) {
            Distribution.TPCB.next(random, 10, in);
            assertThat(in.delta).isBetween(-999_999, 999_999);
            min = Math.min(min, in.delta);
            max = Math.max(max, in.delta);
        }
        assertThat(min).isNegative().isLessThan(-900_000);
        assertThat(max).isPositive().isGreaterThan(900_000);
    }

    @Test
    void pgbenchIsUniformInRangeWithSmallDeltas() {
        int scale = 10;
        SplittableRandom random = new SplittableRandom(4);
        TxInput in = new TxInput();
        int[] byBranch = new int[scale + 1];
        int[] byTeller = new int[Scaling.tellers(scale) + 1];
        int[] byAccountBranch = new int[scale + 1];
        int minAid = Integer.MAX_VALUE;
        int maxAid = 0;
        int minDelta = Integer.MAX_VALUE;
        int maxDelta = Integer.MIN_VALUE;
        int independent = 0;
        for (int i = 0; i < DRAWS; i++) {
            Distribution.PGBENCH.next(random, scale, in);
            assertThat(in.aid).isBetween(1, Scaling.accounts(scale));
            assertThat(in.tid).isBetween(1, Scaling.tellers(scale));
            assertThat(in.bid).isBetween(1, scale);
            assertThat(in.delta).isBetween(-5_000, 5_000);
            byBranch[in.bid]++;
            byTeller[in.tid]++;
            byAccountBranch[Scaling.branchOfAccount(in.aid)]++;
            minAid = Math.min(minAid, in.aid);
            maxAid = Math.max(maxAid, in.aid);
            minDelta = Math.min(minDelta, in.delta);
            maxDelta = Math.max(maxDelta, in.delta);
            if (in.bid != Scaling.branchOfTeller(in.tid)) {
                independent++;
            }
        }
        // Expected 10,000 per branch (sd ~95) and 1,000 per teller (sd ~31).
        for (int b = 1; b <= scale; b++) {
            assertThat(byBranch[b]).as("branch %d", b).isBetween(9_500, 10_500);
            assertThat(byAccountBranch[b]).as("accounts of branch %d", b).isBetween(9_500, 10_500);
        }
        for (int t = 1; t <= Scaling.tellers(scale); t++) {
            assertThat(byTeller[t]).as("teller %d", t).isBetween(850, 1_150);
        }
        assertThat(minAid).isLessThan(100);
        assertThat(maxAid).isGreaterThan(Scaling.accounts(scale) - 100);
        assertThat(byTeller[1]).isPositive();
        assertThat(byTeller[Scaling.tellers(scale)]).isPositive();
        assertThat(minDelta).isLessThan(-4_900);
        assertThat(maxDelta).isGreaterThan(4_900);
        // pgbench picks the branch independently of the teller: ~90% mismatches at scale 10.
        assertThat(independent / (double) DRAWS).isBetween(0.85, 0.95);
    }

    @Test
    void pgbenchHitsTheExactEndsAtScaleOne() {
        SplittableRandom random = new SplittableRandom(5);
        TxInput in = new TxInput();
        boolean firstTeller = false;
        boolean lastTeller = false;
        boolean deltaMin = false;
        boolean deltaMax = false;
        for (int i = 0; i < 2_000_000 && !(firstTeller && lastTeller && deltaMin && deltaMax); i++) {
            Distribution.PGBENCH.next(random, 1, in);
            assertThat(in.bid).isEqualTo(1);
            firstTeller |= in.tid == 1;
            lastTeller |= in.tid == 10;
            deltaMin |= in.delta == -5_000;
            deltaMax |= in.delta == 5_000;
        }
        assertThat(firstTeller && lastTeller && deltaMin && deltaMax).isTrue();
    }
}
