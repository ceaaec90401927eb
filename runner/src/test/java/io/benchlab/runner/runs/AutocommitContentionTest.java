package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import java.sql.Connection;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Autocommit under contention. Each statement commits on its own, so a retry must run the failed
 * statement again, never the ones that already landed (which re-applied their deltas: the sums
 * differed after 3 s of 7 clients at serializable). The database's own sums are read afterwards,
 * apart from the run's check.
 */
class AutocommitContentionTest {

    static Stream<Arguments> levels() {
        return Stream.of(
                Arguments.of("hsqldb", Isolation.READ_COMMITTED),
                Arguments.of("hsqldb", Isolation.REPEATABLE_READ),
                Arguments.of("hsqldb", Isolation.SERIALIZABLE),
                Arguments.of("h2", Isolation.READ_COMMITTED),
                Arguments.of("h2", Isolation.REPEATABLE_READ),
                Arguments.of("h2", Isolation.SERIALIZABLE),
                Arguments.of("derby", Isolation.SERIALIZABLE));
    }

    /**
     * Many tries per statement: the sums match. With one hot branch row, a retried statement can
     * still lose every race (HSQLDB at repeatable-read gave up on 6 of 6675 after 1000 tries):
     * then the database's sums differ by exactly what the run counted as partly applied.
     */
    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("levels")
    void retriesRunOnlyTheFailedStatementAndTheSumsMatch(String engine, Isolation isolation) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        try {
            RunResult r = EmbeddedRuns.run(target, EmbeddedRuns.config().scale(1).clients(7).autocommit(true)
                    .isolation(isolation).maxTries(1000).warmup(Duration.ofMillis(300))
                    .duration(Duration.ofMillis(1500)).build());
            Consistency c = r.consistency();
            assertThat(r.status().json()).as("cause %s", r.cause()).isEqualTo("ok");
            assertThat(c.ok()).as(c.message()).isTrue();
            assertThat(r.figures().failed()).as("failed only by using up their tries")
                    .isEqualTo(r.figures().exhaustedRetries());
            assertThat(c.historyRowsAdded()).isEqualTo(c.committedTotal());
            Sums db = sums(target);
            assertThat(db).isEqualTo(c.after());
            assertDatabaseAheadOfHistoryBy(db, c.partial());
            EmbeddedRuns.assertValid(r);
        } finally {
            EmbeddedRuns.dispose(target);
        }
    }

    @Test
    void anIsolationAtWhichTheEngineLosesUpdatesIsRefused() {
        Target target = EmbeddedRuns.target("h2");
        assertThatThrownBy(() -> EmbeddedRuns.run(target, EmbeddedRuns.config().autocommit(true)
                .isolation(Isolation.READ_UNCOMMITTED).build()))
                .isInstanceOf(BadInputException.class)
                .hasMessage("h2 loses concurrent updates at --isolation read-uncommitted, so TPC-B's balance sums"
                        + " cannot hold; choose read-committed or stricter");
    }

    /**
     * One try per statement at serializable: statements give up, after earlier ones of their
     * transaction landed. The run counts them, the check allows for exactly what they moved, and
     * the database's own sums differ by exactly that.
     */
    @Test
    void statementsThatCannotCompleteAreCountedAndAllowedFor() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        try {
            RunResult r = EmbeddedRuns.run(target, EmbeddedRuns.config().scale(1).clients(7).autocommit(true)
                    .isolation(Isolation.SERIALIZABLE).maxTries(1).warmup(Duration.ofMillis(300))
                    .duration(Duration.ofMillis(1500)).build());
            Consistency c = r.consistency();
            assertThat(r.status().json()).as("cause %s", r.cause()).isEqualTo("ok");
            assertThat(c.ok()).as(c.message()).isTrue();
            assertThat(c.partial()).as("partly applied transactions").isNotNull();
            assertThat(c.partial().transactions()).isPositive();
            assertThat(c.message()).contains("partly applied are allowed for");
            assertThat(r.figures().exhaustedRetries()).isPositive().isEqualTo(r.figures().failed());
            assertThat(r.figures().failedLatency().count()).isEqualTo(r.figures().failed());
            assertThat(r.warnings()).extracting(Warning::code)
                    .contains("partial_transactions", "exhausted_retries", "failure_ratio");

            Sums db = sums(target);
            assertThat(db).isEqualTo(c.after());
            assertDatabaseAheadOfHistoryBy(db, c.partial());
            assertThat(db.historyRows()).isEqualTo(c.committedTotal());
            EmbeddedRuns.assertValid(r);
        } finally {
            EmbeddedRuns.dispose(target);
        }
    }

    /** The database loaded with zero balances: each balance sum is ahead of history by what partial transactions moved. */
    static void assertDatabaseAheadOfHistoryBy(Sums db, Consistency.Partial partial) {
        Consistency.Partial p = partial != null ? partial : new Consistency.Partial(0, 0, 0, 0, 0);
        assertThat(db.accounts() - db.history()).as("accounts ahead of history; %s", db).isEqualTo(p.accountsDelta());
        assertThat(db.tellers() - db.history()).as("tellers ahead of history; %s", db).isEqualTo(p.tellersDelta());
        assertThat(db.branches() - db.history()).as("branches ahead of history; %s", db).isEqualTo(p.branchesDelta());
    }

    static Sums sums(Target target) throws Exception {
        try (Connection c = target.connect()) {
            return ConsistencyCheck.sums(c);
        }
    }
}
