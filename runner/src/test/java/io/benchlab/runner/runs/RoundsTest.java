package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** --rounds N: every round reported with its own figures, the run's figures all rounds together. */
class RoundsTest {

    @Test
    void threeRoundsEachReportedAndTogetherTheRunsFigures() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2).rounds(3)
                    .warmup(Duration.ofMillis(500)).duration(Duration.ofSeconds(1)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertHealthy(r);
        assertThat(r.knobs().rounds()).isEqualTo(3);

        List<Round> rounds = r.rounds();
        assertThat(rounds).extracting(Round::index).containsExactly(1, 2, 3);
        // The headline figures are all three rounds together: their histograms merged, their counts summed.
        assertThat(r.figures().committed()).isEqualTo(rounds.stream().mapToLong(x -> x.figures().committed()).sum());
        assertThat(r.figures().latency().count()).isEqualTo(r.figures().committed());
        assertThat(r.figures().latency().maxMs())
                .isEqualTo(rounds.stream().mapToDouble(x -> x.figures().latency().maxMs()).max().orElseThrow());

        // Intervals carry their round, in order, and add up to each round's figures.
        assertThat(r.intervals()).extracting(IntervalPoint::round).containsOnly(1, 2, 3).isSorted();
        for (Round round : rounds) {
            assertThat(round.figures().committed()).as("round %d committed", round.index()).isPositive();
            assertThat(round.figures().failed()).isZero();
            assertThat(round.figures().latency().count()).isEqualTo(round.figures().committed());
            assertThat(EmbeddedRuns.sumCommitted(r.intervals(), round.index()))
                    .as("round %d intervals", round.index()).isEqualTo(round.figures().committed());
            // Only the first round warms up; each measures its own second.
            assertThat(round.figures().seconds()).as("round %d seconds", round.index()).isBetween(0.95, 1.6);
            assertThat(r.intervals().stream().filter(p -> p.round() == round.index()))
                    .allSatisfy(p -> assertThat(p.t()).isPositive()
                            .isLessThanOrEqualTo(round.figures().seconds() + 0.01));
        }

        // Every round's transactions, and the warm-up's, are in the history.
        long measured = rounds.stream().mapToLong(x -> x.figures().committed()).sum();
        assertThat(r.consistency().committedTotal()).isEqualTo(r.warmup().committed() + measured);
        assertThat(r.consistency().historyRowsAdded()).isEqualTo(r.consistency().committedTotal());
    }
}
