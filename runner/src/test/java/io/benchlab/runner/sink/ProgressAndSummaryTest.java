package io.benchlab.runner.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.SampleResults;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** How the console reads: the product named once, a round's short last interval not printed as a repeat, what a schedule offered. */
class ProgressAndSummaryTest {

    @Test
    void theEngineIsNamedOnceWithoutItsBuildPlatform() {
        assertThat(SummaryFormat.engineLabel("PostgreSQL", "PostgreSQL 15.8 (Debian 15.8-0+deb12u1) on"
                + " x86_64-pc-linux-gnu, compiled by gcc (Debian 12.2.0-14) 12.2.0, 64-bit"))
                .isEqualTo("  PostgreSQL 15.8 (Debian 15.8-0+deb12u1)");
        assertThat(SummaryFormat.engineLabel("MariaDB", "10.11.6-MariaDB-0+deb12u1"))
                .isEqualTo("  MariaDB 10.11.6-MariaDB-0+deb12u1");
        assertThat(SummaryFormat.engineLabel("HSQL Database Engine", "2.7.4")).isEqualTo("  HSQL Database Engine 2.7.4");
    }

    @Test
    void aShortTailIntervalShowsItsTimeToTheMillisecond() {
        StringWriter text = new StringWriter();
        ConsoleProgressSink sink = new ConsoleProgressSink(new PrintWriter(text), Duration.ofSeconds(1));
        sink.onInterval(Phase.MEASURED, IntervalPoint.of(1, 10.0, 1.0).committed(100).tps(100)
                .latencyMs(1, 1.5, 1.8, 2, 2.5, 3).build());
        sink.onInterval(Phase.MEASURED, IntervalPoint.of(1, 10.003, 0.003).committed(1).tps(333.3)
                .latencyMs(1, 1.5, 1.8, 2, 2.5, 3).reconnects(2).build());
        String[] lines = text.toString().split("\n");
        assertThat(lines[0]).startsWith("round 1     10.0s    tps");
        assertThat(lines[1]).startsWith("round 1     10.003s  tps").endsWith("reconnects 2");
    }

    @Test
    void underAScheduleEachIntervalShowsWhatWasOffered() {
        StringWriter text = new StringWriter();
        new ConsoleProgressSink(new PrintWriter(text), Duration.ofSeconds(1)).onInterval(Phase.MEASURED,
                IntervalPoint.of(2, 3.0, 1.0).committed(90).tps(90).offeredTps(120.0).build());
        assertThat(text.toString()).contains("tps       90.0 of 120.0 offered  p50");
    }

    /** Under --rate-steps a line per step: offered, achieved, missed starts, p50/p99, failures. */
    @Test
    void theSummaryOfAStepLoadHasALinePerStep() {
        RunResult f = SampleResults.full();
        RunResult steps = new RunResult(f.schemaVersion(), f.runId(), f.status(), f.cause(), f.warnings(),
                f.timestamps(), f.knobs().with("rate_tps", null).with("rate_steps", "1500,3000"), f.engine(),
                f.environment(), f.placement(), f.load(), f.warmup(), f.figures(), f.rounds(), f.intervals(),
                f.consistency(), f.serverStats());
        String summary = SummaryFormat.format(steps, null);
        Figures first = f.rounds().get(0).figures();
        assertThat(summary).contains(String.format(Locale.ROOT, "step 1             offered 1500.0  achieved %.1f tps"
                + "  missed starts %d  p50 %.3f  p99 %.3f ms  failed %d", first.tps(), first.schedule().missedStarts(),
                first.latency().p50Ms(), first.latency().p99Ms(), first.failed()));
        assertThat(summary).contains("step 2 ").doesNotContain("round 1 ").contains("rate steps 1500,3000 tps");
    }
}
