package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Latency;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** --select-only reads balances and writes nothing. */
class SelectOnlyTest {

    @ParameterizedTest(name = "{0} autocommit={1}")
    @CsvSource({"hsqldb, false", "h2, true"})
    void selectOnlyReadsAndChangesNothing(String engine, boolean autocommit) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        RunResult r;
        long[] historyAfter;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2).selectOnly().autocommit(autocommit)
                    .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(1)).build());
            historyAfter = EmbeddedRuns.queryRow(target, "SELECT COUNT(*) FROM history");
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertThat(r.knobs().flag("select_only")).isTrue();
        assertThat(r.figures().committed()).isPositive();
        assertThat(r.figures().failed()).isZero();
        assertThat(r.figures().latency().count()).isEqualTo(r.figures().committed());
        assertThat(historyAfter[0]).isZero();

        // Nothing was written: no history, every sum as it was.
        assertThat(r.consistency()).isNotNull();
        assertThat(r.consistency().historyRowsAdded()).isZero();
        assertThat(r.consistency().after()).isEqualTo(r.consistency().before());

        // Only the read is timed (and the commit, with explicit transactions).
        Map<String, Latency> statements = r.figures().statements();
        if (autocommit) {
            assertThat(statements.keySet()).containsExactly("select_account");
        } else {
            assertThat(statements.keySet()).containsExactlyInAnyOrder("select_account", "commit");
        }
        assertThat(statements.get("select_account").count()).isEqualTo(r.figures().committed());

        // A read-only run that changed nothing is a good run. committed_total counts the
        // transactions that insert a history row (see the schema): none here.
        assertThat(r.consistency().committedTotal()).isZero();
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.status().json()).as("cause: %s", r.cause()).isEqualTo("ok");
        EmbeddedRuns.assertValid(r);
    }
}
