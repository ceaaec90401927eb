package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.runner.metrics.Step;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict's arithmetic: exact allowances for what partial autocommit transactions moved, nothing more. */
class ConsistencyVerdictTest {

    static final Sums ZERO = new Sums(0, 0, 0, 0, 0);

    @Test
    void completeTransactionsMoveAllFourSumsAlike() {
        Consistency c = ConsistencyVerdict.judge(ZERO, new Sums(40, 40, 40, 40, 3), 3, 0);
        assertThat(c.checked()).isTrue();
        assertThat(c.ok()).as(c.message()).isTrue();
        assertThat(c.partial()).isNull();
        assertThat(c.message()).isEqualTo("sums match and committed transactions equal history rows added");
    }

    @Test
    void landedStatementsOfAnAbandonedTransactionAreAllowedForExactly() {
        PartialLedger ledger = new PartialLedger();
        // Account and teller landed, the branch update gave up: +7 on two tables only.
        ledger.abandoned(List.of(Step.UPDATE_ACCOUNT, Step.SELECT_ACCOUNT, Step.UPDATE_TELLER), Step.UPDATE_BRANCH,
                false, 7);
        Consistency ok = ConsistencyVerdict.judge(ZERO, new Sums(40, 47, 47, 40, 3), 3, 0, ledger);
        assertThat(ok.ok()).as(ok.message()).isTrue();
        assertThat(ok.partial()).isEqualTo(new Consistency.Partial(1, 7, 7, 0, 0));
        assertThat(ok.message()).contains("1 autocommit transaction(s) left partly applied are allowed for")
                .contains("accounts +7, tellers +7, branches +0");

        Consistency off = ConsistencyVerdict.judge(ZERO, new Sums(40, 47, 48, 40, 3), 3, 0, ledger);
        assertThat(off.ok()).isFalse();
        assertThat(off.message()).startsWith("balance sums differ after the run").contains("even once");
    }

    @Test
    void aTransactionThatFailedOnItsFirstStatementMovedNothing() {
        PartialLedger ledger = new PartialLedger();
        ledger.abandoned(List.of(), Step.UPDATE_ACCOUNT, false, 9);
        assertThat(ledger.summary()).isNull();
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(40, 40, 40, 40, 3), 3, 0, ledger).ok()).isTrue();
    }

    /** A statement whose connection broke may or may not have landed: both outcomes pass, a third does not. */
    @Test
    void anInDoubtUpdateMayHaveLandedOrNot() {
        PartialLedger ledger = new PartialLedger();
        ledger.abandoned(List.of(Step.UPDATE_ACCOUNT, Step.SELECT_ACCOUNT), Step.UPDATE_TELLER, true, 5);
        assertThat(ledger.summary().inDoubtStatements()).isEqualTo(1);
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(40, 40, 45, 40, 3), 3, 0, ledger).ok()).isTrue();
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(40, 45, 45, 40, 3), 3, 0, ledger).ok()).isTrue();
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(40, 50, 45, 40, 3), 3, 0, ledger).ok()).isFalse();
    }

    /** The history insert in doubt: either a complete transaction or three balances ahead of history. */
    @Test
    void anInDoubtHistoryInsertIsACompleteTransactionOrNone() {
        PartialLedger ledger = new PartialLedger();
        ledger.abandoned(List.of(Step.UPDATE_ACCOUNT, Step.SELECT_ACCOUNT, Step.UPDATE_TELLER, Step.UPDATE_BRANCH),
                Step.INSERT_HISTORY, true, -4);
        // Landed: one more history row, sums all moved by -4.
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(36, 36, 36, 36, 4), 3, 1, ledger).ok()).isTrue();
        // Did not land: the balances moved, history did not.
        assertThat(ConsistencyVerdict.judge(ZERO, new Sums(36, 36, 36, 40, 3), 3, 1, ledger).ok()).isTrue();
    }

    @Test
    void subsetsAreTriedExactlyUpToTwentyThenBounded() {
        List<Long> values = new ArrayList<>(List.of(3L, 5L, 11L));
        assertThat(ConsistencyVerdict.reachable(0, values)).isTrue();
        assertThat(ConsistencyVerdict.reachable(16, values)).isTrue();
        assertThat(ConsistencyVerdict.reachable(19, values)).isTrue();
        assertThat(ConsistencyVerdict.reachable(2, values)).isFalse();
        List<Long> many = new ArrayList<>();
        for (int i = 0; i < ConsistencyVerdict.EXACT_CANDIDATES + 1; i++) {
            many.add(10L);
        }
        assertThat(ConsistencyVerdict.reachable(15, many)).as("only bounded beyond the exact limit").isTrue();
        assertThat(ConsistencyVerdict.reachable(211, many)).isFalse();
        assertThat(ConsistencyVerdict.reachable(-1, many)).isFalse();
    }

    @Test
    void aCheckNotMadeSaysWhyAndKeepsTheCounts() {
        Consistency c = ConsistencyVerdict.notChecked(ZERO, 120, 3, null, "the database did not answer: refused");
        assertThat(c.checked()).isFalse();
        assertThat(c.ok()).isFalse();
        assertThat(c.after()).isNull();
        assertThat(c.historyRowsAdded()).isNull();
        assertThat(c.committedTotal()).isEqualTo(120);
        assertThat(c.inDoubt()).isEqualTo(3);
        assertThat(c.message()).isEqualTo("not checked: the database did not answer: refused");
    }
}
