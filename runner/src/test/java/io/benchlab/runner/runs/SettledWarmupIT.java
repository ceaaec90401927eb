package io.benchlab.runner.runs;

import static io.benchlab.runner.runs.EmbeddedRuns.assertHealthy;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.cli.RunnerMain;
import io.benchlab.runner.core.Target;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run as a user types it, with no --warmup and no --scale, through the command line: it warms
 * up until the client is warm or the bound comes, and the result says how long that took and
 * why it ended. An IT: the warm-up alone takes 5 to 60 s.
 */
class SettledWarmupIT {

    @Test
    void aDefaultRunRecordsASettledOrBoundWarmUpWithItsSeconds(@TempDir Path dir) throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        Path out = dir.resolve("r.json");
        int exit;
        try {
            exit = RunnerMain.commandLine().execute("run", "--engine", "hsqldb", "--jdbc-url", target.jdbcUrl(),
                    "-c", "2", "--duration", "2s", "-q", "--output", out.toString());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        assertThat(exit).isZero();
        RunResult r = ResultJson.read(out);
        assertHealthy(r);

        assertThat(r.knobs().get("warmup_seconds")).as("no --warmup given, none recorded").isNull();
        assertThat(r.knobs().scaleFollowsClients()).isTrue();
        assertThat(r.knobs().scale()).isEqualTo(2);
        assertThat(r.warmup().ended()).isIn("settled", "bound");
        double seconds = r.warmup().seconds();
        double rewarm = Defaults.REWARM.toMillis() / 1e3;
        assertThat(seconds).as("within the bounds and the re-warm, plus the margin after the deciding read and a late read")
                .isBetween(Defaults.WARMUP_MIN_SECONDS + rewarm, Defaults.WARMUP_MAX_SECONDS + rewarm + 3.0);
        if (r.warmup().ended().equals("settled")) {
            assertThat(seconds).isLessThan(Defaults.WARMUP_MAX_SECONDS + rewarm);
        }
        assertThat(r.warmup().committed()).isPositive();
        Duration started = Duration.between(Instant.parse(r.timestamps().started()),
                Instant.parse(r.timestamps().measuredStart()));
        assertThat(started.toMillis() / 1e3).as("the measured start lies the warm-up after the start")
                .isGreaterThanOrEqualTo(seconds - 0.01);
        assertThat(r.consistency().committedTotal()).isEqualTo(r.warmup().committed() + r.figures().committed());
    }
}
