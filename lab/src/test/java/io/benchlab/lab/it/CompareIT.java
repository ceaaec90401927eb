package io.benchlab.lab.it;

import static io.benchlab.lab.it.ComparedRuns.lab;
import static io.benchlab.lab.it.ComparedRuns.run;
import static io.benchlab.lab.it.ComparedRuns.verdict;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab compare on real embedded HSQLDB runs: a rate cap that halves tps regresses, a repeat does not. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class CompareIT {

    @Test
    void aRateCapThatHalvesTpsIsFlaggedAsARegression(@TempDir Path dir) throws IOException {
        Path base = dir.resolve("base.json");
        RunResult baseline = run(base, "--engine", "hsqldb");
        assertThat(baseline.figures().schedule().missedStarts()).as("the steady rate is met").isZero();
        String half = BigDecimal.valueOf(Math.round(Double.parseDouble(ComparedRuns.STEADY_RATE) / 2)).toPlainString();
        Path capped = dir.resolve("capped.json");
        RunResult slow = run(capped, "--engine", "hsqldb", "--rate", half);

        CliCapture.Outcome refused = lab("compare", base.toString(), capped.toString());
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(2);
        assertThat(refused.allErr()).contains("rate-tps " + ComparedRuns.STEADY_RATE + " vs " + half);

        CliCapture.Outcome o = lab("compare", "--allow-differences", base.toString(), capped.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("regressed");
        assertThat(o.out()).contains("differs (allowed): rate-tps " + ComparedRuns.STEADY_RATE + " vs " + half)
                .contains("regressed: " + slow.runId() + " tps");
    }

    @Test
    void twoRunsOfOneConfigurationAreNoChange(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        run(a, "--engine", "hsqldb");
        run(b, "--engine", "hsqldb");
        CliCapture.Outcome o = lab("compare", a.toString(), b.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        for (String metric : new String[] {"tps", "p50 ms", "p95 ms", "p99 ms", "failures %"}) {
            assertThat(verdict(o.out(), metric)).as("%s\n%s", metric, o.out()).isNotEqualTo("regressed");
        }
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("no change");
        assertThat(o.out()).endsWith("no regression\n");
    }
}
