package io.benchlab.runner.workload.tpcb;

import java.util.SplittableRandom;

/**
 * How a transaction picks its rows and its delta.
 *
 * <ul>
 *   <li>{@code TPCB} follows TPC-B: the teller is uniform, the branch is the teller's branch, the
 *       account is in that branch 85% of the time and in one of the other branches otherwise
 *       (clause 5.3.5). The delta is uniform in [-999,999, +999,999] (clause 5.3.6).
 *   <li>{@code PGBENCH} picks aid, tid and bid independently and uniformly and the delta in
 *       [-5,000, +5,000], exactly as pgbench's built-in tpcb-like script, for side-by-side runs.
 * </ul>
 */
public enum Distribution {
    TPCB {
        @Override
        public void next(SplittableRandom random, int scale, TxInput in) {
            in.tid = random.nextInt(Scaling.tellers(scale)) + 1;
            in.bid = Scaling.branchOfTeller(in.tid);
            int accountBranch = in.bid;
            if (scale > 1 && random.nextInt(100) >= HOME_BRANCH_PERCENT) {
                // Another branch, uniform among the scale - 1 others.
                accountBranch = random.nextInt(scale - 1) + 1;
                if (accountBranch >= in.bid) {
                    accountBranch++;
                }
            }
            in.aid = (accountBranch - 1) * Scaling.ACCOUNTS_PER_BRANCH
                    + random.nextInt(Scaling.ACCOUNTS_PER_BRANCH) + 1;
            in.delta = random.nextInt(-TPCB_DELTA, TPCB_DELTA + 1);
        }
    },
    PGBENCH {
        @Override
        public void next(SplittableRandom random, int scale, TxInput in) {
            in.aid = random.nextInt(Scaling.accounts(scale)) + 1;
            in.bid = random.nextInt(Scaling.branches(scale)) + 1;
            in.tid = random.nextInt(Scaling.tellers(scale)) + 1;
            in.delta = random.nextInt(-PGBENCH_DELTA, PGBENCH_DELTA + 1);
        }
    };

    public static final int HOME_BRANCH_PERCENT = 85;
    public static final int TPCB_DELTA = 999_999;
    public static final int PGBENCH_DELTA = 5_000;

    public abstract void next(SplittableRandom random, int scale, TxInput in);

    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
