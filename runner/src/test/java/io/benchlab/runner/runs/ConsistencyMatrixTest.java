package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.Latency;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.run.RunEnding;
import io.benchlab.runner.sink.JsonFileSink;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every engine, several client counts, both transaction modes: a real run must leave the
 * TPC-B consistency condition intact and account for every committed transaction, and its
 * result must be complete and valid.
 */
class ConsistencyMatrixTest {

    enum Mode {
        /** Prepared statements, one explicit transaction per TPC-B transaction. */
        PREPARED_EXPLICIT,
        /** Plain statements with inlined values, every statement committed on its own. */
        DIRECT_AUTOCOMMIT
    }

    /** Full matrix for hsqldb; h2 and derby each see both modes and at least two client counts. */
    static Stream<Arguments> matrix() {
        return Stream.of(
                Arguments.of("hsqldb", 1, Mode.PREPARED_EXPLICIT),
                Arguments.of("hsqldb", 1, Mode.DIRECT_AUTOCOMMIT),
                Arguments.of("hsqldb", 4, Mode.PREPARED_EXPLICIT),
                Arguments.of("hsqldb", 4, Mode.DIRECT_AUTOCOMMIT),
                Arguments.of("hsqldb", 8, Mode.PREPARED_EXPLICIT),
                Arguments.of("hsqldb", 8, Mode.DIRECT_AUTOCOMMIT),
                Arguments.of("h2", 1, Mode.DIRECT_AUTOCOMMIT),
                Arguments.of("h2", 4, Mode.PREPARED_EXPLICIT),
                Arguments.of("h2", 8, Mode.DIRECT_AUTOCOMMIT),
                // Derby loads row by row over JDBC (several seconds), so it gets two cases.
                Arguments.of("derby", 1, Mode.DIRECT_AUTOCOMMIT),
                Arguments.of("derby", 8, Mode.PREPARED_EXPLICIT));
    }

    @ParameterizedTest(name = "{0} clients={1} {2}")
    @MethodSource("matrix")
    void runIsConsistentAndFullyAccountedFor(String engine, int clients, Mode mode, @TempDir Path dir)
            throws Exception {
        Target target = EmbeddedRuns.target(engine);
        TestWorkload cfg = EmbeddedRuns.config().clients(clients)
                .duration(Duration.ofSeconds(1)).warmup(Duration.ofMillis(500));
        if (mode == Mode.DIRECT_AUTOCOMMIT) {
            cfg.direct().autocommit(true);
        }
        WorkloadConfig config = cfg.build();
        Path file = dir.resolve("r.json");
        RunResult r;
        try {
            JsonFileSink sink = new JsonFileSink(file);
            r = RunEnding.complete(EmbeddedRuns.benchmark(target, config, sink).run(), sink);
        } finally {
            EmbeddedRuns.dispose(target);
        }

        assertHealthy(r);
        Figures f = r.figures();

        // The knobs record what ran.
        assertThat(r.knobs().clients()).isEqualTo(clients);
        assertThat(r.knobs().flag("autocommit")).isEqualTo(mode == Mode.DIRECT_AUTOCOMMIT);
        assertThat(r.knobs().text("statements")).isEqualTo(mode == Mode.DIRECT_AUTOCOMMIT ? "direct" : "prepared");
        assertThat(r.engine().name()).isEqualTo(engine);
        assertThat(r.load()).as("a fresh database is loaded").isNotNull();
        assertThat(r.load().rows()).isEqualTo(1 + 10 + 100_000);

        // Before and after: each side's four sums agree; the run moved money, so the sums changed
        // only if deltas did not cancel, but history rows certainly grew.
        var c = r.consistency();
        assertThat(c.before().branches()).isEqualTo(c.before().tellers())
                .isEqualTo(c.before().accounts()).isEqualTo(c.before().history());
        assertThat(c.after().branches()).isEqualTo(c.after().tellers())
                .isEqualTo(c.after().accounts()).isEqualTo(c.after().history());
        assertThat(c.before().historyRows()).isZero();

        // Every committed transaction is accounted for: warm-up plus the single measured round,
        // and exactly one history row each.
        assertThat(r.rounds()).hasSize(1);
        assertThat(r.warmup()).isNotNull();
        assertThat(c.committedTotal()).isEqualTo(r.warmup().committed() + f.committed());
        assertThat(c.historyRowsAdded()).isEqualTo(c.committedTotal());
        assertThat(c.after().historyRows() - c.before().historyRows()).isEqualTo(c.historyRowsAdded());
        assertThat(r.warmup().failed()).isZero();

        // The latency histogram holds one value per committed transaction, also once decoded.
        assertThat(f.latency().count()).isEqualTo(f.committed());
        assertThat(LatencySummary.decode(f.latency().histogram()).getTotalCount()).isEqualTo(f.committed());
        assertThat(f.latency().maxMs()).isGreaterThanOrEqualTo(f.latency().p50Ms()).isPositive();

        // Statement keys: all six with explicit transactions, no commit under autocommit.
        Set<String> expected = Arrays.stream(Step.values()).map(Step::key).collect(Collectors.toSet());
        if (mode == Mode.DIRECT_AUTOCOMMIT) {
            expected.remove("commit");
        }
        assertThat(f.statements().keySet()).containsExactlyInAnyOrderElementsOf(expected);
        for (Map.Entry<String, Latency> s : f.statements().entrySet()) {
            // Each measured try runs each statement once; without retries that is once per commit.
            if (f.retried() == 0) {
                assertThat(s.getValue().count()).as(s.getKey()).isEqualTo(f.committed());
            } else {
                assertThat(s.getValue().count()).as(s.getKey()).isGreaterThanOrEqualTo(f.committed());
            }
        }

        // The file written by the JSON sink is valid and says the same.
        String json = Files.readString(file);
        assertThat(ResultValidator.validate(json)).isEmpty();
        RunResult fromFile = ResultJson.read(file);
        assertThat(fromFile.figures().committed()).isEqualTo(f.committed());
        assertThat(fromFile.consistency()).isEqualTo(c);
    }
}
