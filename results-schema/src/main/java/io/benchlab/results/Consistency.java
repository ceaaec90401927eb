package io.benchlab.results;

/**
 * The TPC-B consistency verdict: the four balance sums before and after the run, and the
 * committed transactions (all phases) against the history rows the run added.
 *
 * <p>{@code inDoubt} counts commits whose connection broke before the answer came: each may or
 * may not have landed, so the history may hold up to that many rows more than
 * {@code committedTotal}. {@code partial} accounts for autocommit transactions that could not be
 * completed: their statements commit one by one, so some landed and the rest never will.
 *
 * <p>{@code checked} is false when the check could not run (the server stayed down, the run was
 * stopped while it did not answer): then {@code ok} is false, {@code message} says why, and the
 * sums the check did not read are null.
 *
 * <p>{@code serverCommits} is the accounting closure, where the server counts its commits: null
 * where it does not (or the run was in autocommit, where a transaction is several commits).
 */
public record Consistency(
        boolean checked,
        boolean ok,
        Sums before,
        Sums after,
        long committedTotal,
        Long historyRowsAdded,
        long inDoubt,
        Partial partial,
        String message,
        ServerCommits serverCommits) {

    /** The same block with the accounting closure. */
    public Consistency withServerCommits(ServerCommits closure) {
        return new Consistency(checked, ok, before, after, committedTotal, historyRowsAdded, inDoubt, partial, message,
                closure);
    }

    /** {@code sum(bbalance)}, {@code sum(tbalance)}, {@code sum(abalance)}, {@code sum(delta)}, {@code count(*)} of history. */
    public record Sums(long branches, long tellers, long accounts, long history, long historyRows) {
        public boolean match() {
            return branches == tellers && tellers == accounts && accounts == history;
        }
    }

    /**
     * Autocommit transactions left partly applied. The deltas are what their landed statements
     * added to each table; {@code inDoubtStatements} counts statements whose connection broke
     * before the answer, each of which may or may not have landed.
     */
    public record Partial(long transactions, long accountsDelta, long tellersDelta, long branchesDelta,
                          long inDoubtStatements) {
    }

    /**
     * The clients' commits (all phases, as {@code committedTotal}) against the server's own count
     * of commits over the same span ({@code counter}, e.g. pg_stat_database.xact_commit), net of
     * the lab's own reads. {@code agrees} when the server's count lies within 0.1% of the
     * clients' commits, or between them and the commits in doubt; else a warning names both.
     * {@code server} is null when the count could not be read, and {@code message} says why.
     */
    public record ServerCommits(String counter, long client, Long server, long inDoubt, boolean agrees, String message) {
    }
}
