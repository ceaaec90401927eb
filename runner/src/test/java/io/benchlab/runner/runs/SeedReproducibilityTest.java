package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The seed fixes every transaction's input: same seed and count, same history. */
class SeedReproducibilityTest {

    private static final String HISTORY =
            "SELECT aid, tid, bid, delta FROM history ORDER BY aid, tid, bid, delta";
    private static final String ACCOUNTS =
            "SELECT aid, abalance FROM accounts WHERE abalance <> 0 ORDER BY aid";

    /** History and touched accounts of a 1-client, 200-transaction run, without warm-up. */
    private static List<List<String>> contentAfterRun(String engine, long seed) throws Exception {
        Target target = EmbeddedRuns.target(engine);
        try {
            RunResult r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(1).seed(seed)
                    .warmup(Duration.ZERO).transactionsPerClient(200).build());
            assertHealthy(r);
            assertThat(r.knobs().seed()).isEqualTo(seed);
            assertThat(r.consistency().historyRowsAdded()).isEqualTo(200);
            return List.of(EmbeddedRuns.queryRows(target, HISTORY), EmbeddedRuns.queryRows(target, ACCOUNTS));
        } finally {
            EmbeddedRuns.dispose(target);
        }
    }

    @Test
    void sameSeedSameHistoryOnFreshDatabases() throws Exception {
        List<List<String>> first = contentAfterRun("hsqldb", 20_241_122L);
        List<List<String>> second = contentAfterRun("hsqldb", 20_241_122L);
        assertThat(first.get(0)).hasSize(200);
        assertThat(second).isEqualTo(first);

        // The random streams belong to the runner, not to the engine.
        assertThat(contentAfterRun("h2", 20_241_122L)).isEqualTo(first);

        // And the seed matters: another one gives other transactions.
        assertThat(contentAfterRun("hsqldb", 7L).get(0)).isNotEqualTo(first.get(0));
    }
}
