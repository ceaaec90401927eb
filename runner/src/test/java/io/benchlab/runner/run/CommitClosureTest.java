package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency.ServerCommits;
import org.junit.jupiter.api.Test;

/** The closure's verdict: within 0.1% of the clients' commits, or within the commits in doubt. */
class CommitClosureTest {

    @Test
    void theSameCountAgrees() {
        ServerCommits c = CommitClosure.judge("pg_stat_database.xact_commit", 53_660, 53_660, 0, 0);
        assertThat(c.agrees()).isTrue();
        assertThat(c.message()).isEqualTo("the server counted 53660 commits, the clients 53660");
    }

    @Test
    void commitsInDoubtMayHaveLanded() {
        assertThat(CommitClosure.judge("x", 100, 103, 3, 0).agrees()).isTrue();
        assertThat(CommitClosure.judge("x", 100, 104, 3, 0).agrees()).isFalse();
        assertThat(CommitClosure.judge("x", 100, 103, 3, 0).message()).endsWith("(+ up to 3 in doubt)");
    }

    @Test
    void aDifferenceBeyondATenthOfAPercentDisagreesNamingBothCounts() {
        assertThat(CommitClosure.judge("Com_commit", 100_000, 100_100, 0, 0).agrees()).isTrue();
        assertThat(CommitClosure.judge("Com_commit", 100_000, 99_900, 0, 0).agrees()).isTrue();
        ServerCommits off = CommitClosure.judge("Com_commit", 100_000, 100_101, 0, 0);
        assertThat(off.agrees()).isFalse();
        assertThat(off.message()).isEqualTo("the server counted 100101 commits (Com_commit), the clients 100000:"
                + " +0.10%, beyond 0.1%");
        assertThat(CommitClosure.judge("Com_commit", 100_000, 99_000, 0, 0).message()).contains("-1.00%");
    }

    @Test
    void theServersOwnTransactionsWithinItsSlackAreNoDisagreement() {
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 510, 0, 10).agrees()).isTrue();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 511, 0, 10).agrees()).isFalse();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 499, 0, 10).agrees()).isFalse();
    }
}
