package io.benchlab.runner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Consistency.ServerCommits;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.engine.Engines;
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

    /** As measured right after a load: 18 commits beyond 6492 (+0.28%), while autovacuum vacuumed and analyzed the tables. */
    @Test
    void autovacuumsWorkMeanwhileWidensTheSlackByItsRunsAndSaysSo() {
        CommitCounter postgres = Engines.find("postgres").orElseThrow().commitCounter();
        long slack = postgres.slack() + postgres.slackPerBackground() * 6L;
        ServerCommits c = CommitClosure.judge("pg_stat_database.xact_commit", 6492, 6510, 0, slack, 6);
        assertThat(c.agrees()).isTrue();
        assertThat(c.message()).isEqualTo("the server counted 6510 commits, the clients 6492; autovacuum vacuumed or"
                + " analyzed 6 time(s) meanwhile, and its transactions count too");
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 6492, 6492 + slack + 1, 0, slack, 6).agrees())
                .as("no more than the runs allow").isFalse();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 6492, 6480, 0, slack, 6).agrees())
                .as("the server never counts fewer for it").isFalse();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 6492, 6510, 0, postgres.slack(), 0)
                .agrees()).as("without autovacuum's runs, the fixed slack").isFalse();
    }

    @Test
    void theServersOwnTransactionsWithinItsSlackAreNoDisagreement() {
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 510, 0, 10).agrees()).isTrue();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 511, 0, 10).agrees()).isFalse();
        assertThat(CommitClosure.judge("pg_stat_database.xact_commit", 500, 499, 0, 10).agrees()).isFalse();
    }
}
