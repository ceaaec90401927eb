package io.benchlab.results;

/**
 * The TPC-B consistency verdict: the four balance sums before and after the run, and the
 * committed transactions (all phases) against the history rows the run added. {@code inDoubt}
 * counts commits whose connection broke before the answer came: each may or may not have
 * landed, so the history may hold up to that many rows more than {@code committedTotal}.
 */
public record Consistency(
        boolean ok,
        Sums before,
        Sums after,
        long committedTotal,
        long historyRowsAdded,
        String message,
        long inDoubt) {

    /** {@code sum(bbalance)}, {@code sum(tbalance)}, {@code sum(abalance)}, {@code sum(delta)}, {@code count(*)} of history. */
    public record Sums(long branches, long tellers, long accounts, long history, long historyRows) {
        public boolean match() {
            return branches == tellers && tellers == accounts && accounts == history;
        }
    }
}
