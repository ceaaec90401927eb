package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Partial;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.runner.workload.tpcb.PartialLedger.Table;
import java.util.List;
import java.util.Locale;

/**
 * Judges a run by the TPC-B consistency condition. Every complete transaction adds its delta to
 * all four sums, so each balance sum must grow by exactly what the history sum grew by, except
 * for what autocommit transactions left partly applied (the ledger's exact deltas, plus any
 * subset of its in-doubt statements). History must hold a row for every committed transaction,
 * and at most one more per in-doubt commit.
 */
public final class ConsistencyVerdict {

    /** In-doubt statements per table up to which every subset is tried; beyond it, only the bounds are. */
    static final int EXACT_CANDIDATES = 20;

    private ConsistencyVerdict() {
    }

    public static Consistency judge(Sums before, Sums after, long committedTotal, long inDoubt) {
        return judge(before, after, committedTotal, inDoubt, new PartialLedger());
    }

    public static Consistency judge(Sums before, Sums after, long committedTotal, long inDoubt, PartialLedger ledger) {
        long added = after.historyRows() - before.historyRows();
        boolean countsMatch = added >= committedTotal && added <= committedTotal + inDoubt;
        long historyGrew = after.history() - before.history();
        String sumsProblem = null;
        for (Table t : Table.values()) {
            long excess = grew(t, before, after) - historyGrew - ledger.delta(t);
            if (!reachable(excess, ledger.candidates(t))) {
                sumsProblem = "balance sums differ after the run: " + ConsistencyCheck.describe(after);
                break;
            }
        }
        Partial partial = ledger.summary();
        String allowance = partial == null ? "" : String.format(Locale.ROOT,
                " once %d autocommit transaction(s) left partly applied are allowed for (accounts %+d, tellers %+d,"
                        + " branches %+d%s)", partial.transactions(), partial.accountsDelta(), partial.tellersDelta(),
                partial.branchesDelta(), partial.inDoubtStatements() == 0 ? ""
                        : ", " + partial.inDoubtStatements() + " statement(s) in doubt");
        String message;
        if (sumsProblem != null) {
            message = sumsProblem + allowance.replaceFirst("^ once", ", even once");
        } else if (!countsMatch) {
            message = "committed transactions (" + committedTotal + (inDoubt == 0 ? "" : " + up to " + inDoubt + " in doubt")
                    + ") differ from history rows added (" + added + ")";
        } else {
            message = "sums match" + allowance + " and committed transactions equal history rows added"
                    + (inDoubt == 0 ? "" : " (" + (added - committedTotal) + " of " + inDoubt + " in-doubt commits landed)");
        }
        return new Consistency(true, sumsProblem == null && countsMatch, before, after, committedTotal, added, inDoubt,
                partial, message, null);
    }

    /** The block of a run whose check could not be made: the counts it has, and why. */
    public static Consistency notChecked(Sums before, long committedTotal, long inDoubt, Partial partial, String why) {
        return new Consistency(false, false, before, null, committedTotal, null, inDoubt, partial, "not checked: " + why, null);
    }

    private static long grew(Table t, Sums before, Sums after) {
        return switch (t) {
            case ACCOUNTS -> after.accounts() - before.accounts();
            case TELLERS -> after.tellers() - before.tellers();
            case BRANCHES -> after.branches() - before.branches();
        };
    }

    /**
     * True when {@code target} is the sum of some subset of {@code values}: every subset up to
     * {@link #EXACT_CANDIDATES} values (in-doubt statements come one per client and outage, so a
     * handful), else whether it lies between the most negative and most positive subset sums.
     */
    static boolean reachable(long target, List<Long> values) {
        if (values.size() > EXACT_CANDIDATES) {
            long low = values.stream().filter(v -> v < 0).mapToLong(Long::longValue).sum();
            long high = values.stream().filter(v -> v > 0).mapToLong(Long::longValue).sum();
            return target >= low && target <= high;
        }
        long[] sums = new long[1 << values.size()];
        for (int mask = 1; mask < sums.length; mask++) {
            int lowest = Integer.numberOfTrailingZeros(mask);
            sums[mask] = sums[mask & (mask - 1)] + values.get(lowest);
        }
        for (long s : sums) {
            if (s == target) {
                return true;
            }
        }
        return false;
    }
}
