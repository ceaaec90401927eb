package io.benchlab.runner.workload.tpcb;

/** TPC-B scaling rules: per scale unit 1 branch, 10 tellers, 100,000 accounts. Ids start at 1. */
public final class Scaling {

    public static final int TELLERS_PER_BRANCH = 10;
    public static final int ACCOUNTS_PER_BRANCH = 100_000;

    private Scaling() {
    }

    public static int branches(int scale) {
        return scale;
    }

    public static int tellers(int scale) {
        return scale * TELLERS_PER_BRANCH;
    }

    public static int accounts(int scale) {
        return scale * ACCOUNTS_PER_BRANCH;
    }

    public static int branchOfTeller(int tid) {
        return (tid - 1) / TELLERS_PER_BRANCH + 1;
    }

    public static int branchOfAccount(int aid) {
        return (aid - 1) / ACCOUNTS_PER_BRANCH + 1;
    }
}
