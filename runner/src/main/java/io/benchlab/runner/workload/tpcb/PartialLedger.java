package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Consistency.Partial;
import io.benchlab.runner.metrics.Step;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.LongAdder;

/**
 * The autocommit transactions that could not be completed, kept so that the consistency check
 * can allow for them. Their landed statements moved money into some tables and not others: the
 * exact deltas are summed per table. A statement whose connection broke before the answer may or
 * may not have landed: it is kept as a candidate that the check may count or not.
 */
public final class PartialLedger {

    /** The balance tables a TPC-B statement changes besides history. */
    public enum Table { ACCOUNTS, TELLERS, BRANCHES }

    private static final Map<Step, Table> UPDATES = Map.of(
            Step.UPDATE_ACCOUNT, Table.ACCOUNTS, Step.UPDATE_TELLER, Table.TELLERS, Step.UPDATE_BRANCH, Table.BRANCHES);

    /** One table's share of an in-doubt statement: the check may count {@code value} or 0. */
    record Candidate(Table table, long value) {
    }

    private final LongAdder transactions = new LongAdder();
    private final LongAdder inDoubtStatements = new LongAdder();
    private final LongAdder[] deltas = {new LongAdder(), new LongAdder(), new LongAdder()};
    private final ConcurrentLinkedQueue<Candidate> candidates = new ConcurrentLinkedQueue<>();

    /**
     * An autocommit transaction given up after {@code landed} committed; {@code next} is the
     * statement that failed, and {@code nextInDoubt} says its connection broke before the answer.
     * Called by the client that gave up; nothing is recorded when nothing landed and nothing is in doubt.
     */
    public void abandoned(List<Step> landed, Step next, boolean nextInDoubt, int delta) {
        boolean doubt = nextInDoubt && next != null && (UPDATES.containsKey(next) || next == Step.INSERT_HISTORY);
        boolean moved = landed.stream().anyMatch(UPDATES::containsKey);
        if (!moved && !doubt) {
            return;
        }
        transactions.increment();
        for (Step s : landed) {
            Table t = UPDATES.get(s);
            if (t != null) {
                deltas[t.ordinal()].add(delta);
            }
        }
        if (!doubt) {
            return;
        }
        if (next == Step.INSERT_HISTORY) {
            // The balances all have the delta; history has it only if the insert landed (an
            // in-doubt commit, counted as such), which takes the delta off each table's excess.
            for (Table t : Table.values()) {
                candidates.add(new Candidate(t, -delta));
            }
        } else {
            inDoubtStatements.increment();
            candidates.add(new Candidate(UPDATES.get(next), delta));
        }
    }

    /** What the result records; null when no transaction was left partly applied. */
    public Partial summary() {
        long n = transactions.sum();
        return n == 0 ? null : new Partial(n, delta(Table.ACCOUNTS), delta(Table.TELLERS), delta(Table.BRANCHES),
                inDoubtStatements.sum());
    }

    long delta(Table t) {
        return deltas[t.ordinal()].sum();
    }

    List<Long> candidates(Table t) {
        List<Long> values = new ArrayList<>();
        for (Candidate c : candidates) {
            if (c.table() == t) {
                values.add(c.value());
            }
        }
        return values;
    }
}
