package io.benchlab.runner.sink;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.IntervalPoint;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** How the console reads: the product named once, and a round's short last interval not printed as a repeat. */
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
}
