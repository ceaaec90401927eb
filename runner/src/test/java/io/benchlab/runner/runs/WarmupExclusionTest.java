package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.RunnerMain;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warm-up runs real transactions but counts in no figure of the measured phase. */
class WarmupExclusionTest {

    @Test
    void warmupIsReportedApartAndExcludedFromTheFigures() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2)
                    .warmup(Duration.ofSeconds(1)).duration(Duration.ofSeconds(1)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        Figures f = r.figures();

        assertThat(r.warmup().seconds()).isEqualTo(1.0);
        assertThat(r.warmup().committed()).isPositive();

        // The figures are exactly the measured intervals, and nothing of the warm-up.
        assertThat(r.intervals()).isNotEmpty().allSatisfy(p -> assertThat(p.round()).isEqualTo(1));
        assertThat(EmbeddedRuns.sumCommitted(r.intervals(), 1)).isEqualTo(f.committed());
        assertThat(f.latency().count()).isEqualTo(f.committed());

        // Interval times count from the measured start, never into the warm-up, never past the end.
        for (IntervalPoint p : r.intervals()) {
            assertThat(p.t()).as("interval t").isPositive().isLessThanOrEqualTo(f.seconds() + 0.01);
            assertThat(p.seconds()).as("interval length").isPositive().isLessThanOrEqualTo(p.t() + 0.001);
        }
        IntervalPoint last = r.intervals().get(r.intervals().size() - 1);
        assertThat(last.t()).isCloseTo(f.seconds(), within(0.01));

        // One second measured, not two: the warm-up is not in the measured time.
        assertThat(f.seconds()).isBetween(0.95, 1.6);
        assertThat(f.tps()).isCloseTo(f.committed() / f.seconds(), within(f.tps() * 0.005 + 0.01));

        // Yet the warm-up's transactions did commit, and the consistency check holds them too.
        assertThat(r.consistency().committedTotal()).isEqualTo(r.warmup().committed() + f.committed());
        assertThat(r.consistency().historyRowsAdded()).isEqualTo(r.consistency().committedTotal());

        // The recorded measured start is at least the warm-up after the start, and the run
        // finished at least one measured second after it.
        Instant started = Instant.parse(r.timestamps().started());
        Instant measured = Instant.parse(r.timestamps().measuredStart());
        Instant finished = Instant.parse(r.timestamps().finished());
        assertThat(Duration.between(started, measured)).isGreaterThanOrEqualTo(Duration.ofMillis(999));
        assertThat(Duration.between(measured, finished)).isGreaterThanOrEqualTo(Duration.ofMillis(990));
    }

    /**
     * Each warm-up, the run's and a later step's settle alike, reports what it committed since its
     * last read: the warm-up points add up to the warm-up's commits, but for the transactions in
     * flight at each measured start (one a client), which commit after the last read.
     */
    @Test
    void theWarmupPointsOfEveryWarmupAddUpToTheWarmupsCommits() throws Exception {
        List<IntervalPoint> warming = new CopyOnWriteArrayList<>();
        ResultSink sink = new ResultSink() {
            @Override
            public void onInterval(Phase phase, IntervalPoint point) {
                if (phase == Phase.WARMUP) {
                    warming.add(point);
                }
            }
        };
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        try {
            r = EmbeddedRuns.benchmark(target, EmbeddedRuns.config().clients(2).warmup(Duration.ofMillis(500))
                    .set("rateSteps", "500,1000").set("stepDuration", Duration.ofMillis(500))
                    .set("stepSettle", Duration.ofMillis(500)).interval(Duration.ofMillis(100)).build(), sink).run();
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        long reported = warming.stream().mapToLong(IntervalPoint::committed).sum();
        assertThat(reported).as("warm-up points %s", warming)
                .isBetween(r.warmup().committed() - 2L * r.rounds().size(), r.warmup().committed());
    }

    /** Count mode through the command line: -t counts measured transactions only. */
    @Test
    void transactionsPerClientCountsOnlyMeasuredTransactions(@TempDir Path dir) throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        Path out = dir.resolve("r.json");
        int exit;
        try {
            exit = RunnerMain.commandLine().execute("run", "--engine", "hsqldb", "--jdbc-url", target.jdbcUrl(),
                    "-c", "4", "-t", "500", "--warmup", "500ms", "--seed", "7", "-q", "--output", out.toString());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertThat(exit).isZero();
        assertThat(ResultValidator.validate(Files.readString(out))).isEmpty();
        RunResult r = ResultJson.read(out);
        assertHealthy(r);

        assertThat(r.knobs().transactionsPerClient()).isEqualTo(500L);
        assertThat(r.knobs().durationSeconds()).isNull();
        assertThat(r.figures().committed()).isEqualTo(2000);
        assertThat(r.figures().latency().count()).isEqualTo(2000);
        assertThat(EmbeddedRuns.sumCommitted(r.intervals(), 1)).isEqualTo(2000);
        assertThat(r.warmup().committed()).isPositive();
        assertThat(r.consistency().historyRowsAdded())
                .isGreaterThan(2000)
                .isEqualTo(2000 + r.warmup().committed());
    }
}
