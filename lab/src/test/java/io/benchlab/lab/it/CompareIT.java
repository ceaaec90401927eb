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
        assertThat(refused.allErr()).contains("rate " + ComparedRuns.STEADY_RATE + " vs " + half);

        // A finding is judged at lab compare's defaults, what a user gets; ALPHA is for the tests of no change.
        CliCapture.Outcome o = lab("compare", "--allow-differences", base.toString(), capped.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("regressed");
        assertThat(o.out()).contains("differs (allowed): rate " + ComparedRuns.STEADY_RATE + " vs " + half)
                .contains("regressed: " + slow.runId() + " tps");
    }

    @Test
    void twoRunsOfOneConfigurationAreNoChange(@TempDir Path dir) throws IOException {
        Path a = dir.resolve("a.json");
        Path b = dir.resolve("b.json");
        run(a, "--engine", "hsqldb");
        run(b, "--engine", "hsqldb");
        // False-alarm probability below 1 in 1,000: see ComparedRuns.
        CliCapture.Outcome o = lab("compare", "--alpha", ComparedRuns.ALPHA, "--latency-floor",
                ComparedRuns.LATENCY_FLOOR_MS, a.toString(), b.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        for (String metric : new String[] {"tps", "p50 ms", "p95 ms", "p99 ms", "failures %"}) {
            assertThat(verdict(o.out(), metric)).as("%s\n%s", metric, o.out()).isNotEqualTo("regressed");
        }
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("no change");
        assertThat(o.out()).contains("samples: 8 rounds against 8").endsWith("no regression\n");
    }

    @Test
    void twoRunsASideMeasureTheirSpreadAndStillFindTheHalvedRate(@TempDir Path dir) throws IOException {
        String half = BigDecimal.valueOf(Math.round(Double.parseDouble(ComparedRuns.STEADY_RATE) / 2)).toPlainString();
        Path a1 = dir.resolve("a1.json");
        Path a2 = dir.resolve("a2.json");
        Path b1 = dir.resolve("b1.json");
        Path b2 = dir.resolve("b2.json");
        run(a1, "--engine", "hsqldb");
        run(b1, "--engine", "hsqldb", "--rate", half);
        run(b2, "--engine", "hsqldb", "--rate", half);
        run(a2, "--engine", "hsqldb");
        // At the defaults: with two runs a side the runs' spread has 2 degrees of freedom, and at ALPHA
        // one baseline run that a busy machine kept a few tps under its rate would hide the halving.
        CliCapture.Outcome o = lab("compare", "--allow-differences", a1 + "," + a2, b1 + "," + b2);
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.out()).contains("baseline 2 runs:", "samples: 16 rounds against 16",
                "the spread between the runs of a side is measured");
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("regressed");
    }
}
