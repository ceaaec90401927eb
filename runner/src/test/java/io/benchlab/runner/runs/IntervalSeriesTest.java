package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A timed round's series on the real clock, with real clients: whole intervals to its end, without
 * a sliver of a few ms after a tick at the end, and the last interval ending where the round's
 * figures do. The exact grid points, late reads included, are IntervalReporterTest's, on a clock
 * it drives; this proves the driver's clients, clock and collector meet at the round's end.
 */
class IntervalSeriesTest {

    @Test
    void theLastIntervalRunsToTheRoundsEnd() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2).warmup(Duration.ZERO)
                    .duration(Duration.ofSeconds(2)).interval(Duration.ofMillis(500)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        EmbeddedRuns.assertHealthy(r);
        assertThat(r.intervals()).hasSize(4);
        // Reads are due on the round's grid (0.5, 1.0, 1.5), each 0.5 s give or take one read's
        // lateness, and the last interval runs to the round's end: no sliver of a few ms. That end may
        // come late on a loaded machine (a client held 268 ms ended one at 2.25 s), never early; a read
        // may too (the collector held 124 ms made one of 0.624 s, under a load average of 19).
        assertThat(r.intervals().subList(0, 3)).allSatisfy(p -> assertThat(p.seconds()).isBetween(0.25, 0.75))
                .extracting(IntervalPoint::t).allSatisfy(t -> assertThat(t % 0.5).isLessThan(0.25));
        IntervalPoint last = r.intervals().get(3);
        assertThat(last.seconds()).as("the last interval").isGreaterThanOrEqualTo(0.4);
        assertThat(last.t()).isEqualTo(r.figures().seconds());
        assertThat(r.intervals().stream().mapToDouble(IntervalPoint::seconds).sum()).isCloseTo(last.t(),
                org.assertj.core.api.Assertions.within(0.005));
    }
}
