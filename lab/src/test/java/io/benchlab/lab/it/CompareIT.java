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
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab compare on real embedded HSQLDB runs: a rate cap that halves tps regresses, a repeat does not.
 * The tests share four runs made once, alternated so that a drift of the machine favours neither
 * side: a1 and a2 at the steady rate, b1 and b2 at half of it (a1, b1, b2, a2).
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class CompareIT {

    private static final String HALF =
            BigDecimal.valueOf(Math.round(Double.parseDouble(ComparedRuns.STEADY_RATE) / 2)).toPlainString();

    @TempDir
    static Path dir;
    private static Path a1;
    private static Path a2;
    private static Path b1;
    private static Path b2;
    private static RunResult steady;
    private static RunResult halved;

    @BeforeAll
    static void runs() throws IOException {
        a1 = dir.resolve("a1.json");
        a2 = dir.resolve("a2.json");
        b1 = dir.resolve("b1.json");
        b2 = dir.resolve("b2.json");
        steady = run(a1, "--engine", "hsqldb");
        halved = run(b1, "--engine", "hsqldb", "--rate", HALF);
        run(b2, "--engine", "hsqldb", "--rate", HALF);
        run(a2, "--engine", "hsqldb");
    }

    @Test
    void aRateCapThatHalvesTpsIsFlaggedAsARegression() {
        assertThat(steady.figures().schedule().missedStarts()).as("the steady rate is met").isZero();

        CliCapture.Outcome refused = lab("compare", a1.toString(), b1.toString());
        assertThat(refused.exitCode()).as("%s", refused).isEqualTo(2);
        assertThat(refused.allErr()).contains("rate " + ComparedRuns.STEADY_RATE + " vs " + HALF);

        // A finding is judged at lab compare's defaults, what a user gets; ALPHA is for the tests of no change.
        CliCapture.Outcome o = lab("compare", "--allow-differences", a1.toString(), b1.toString());
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("regressed");
        assertThat(o.out()).contains("differs (allowed): rate " + ComparedRuns.STEADY_RATE + " vs " + HALF)
                .contains("regressed: " + halved.runId() + " tps");
    }

    @Test
    void twoRunsOfOneConfigurationAreNoChange() {
        // False-alarm probability below 1 in 1,000: see ComparedRuns.
        CliCapture.Outcome o = lab("compare", "--alpha", ComparedRuns.ALPHA, "--latency-floor",
                ComparedRuns.LATENCY_FLOOR_MS, a1.toString(), a2.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        for (String metric : new String[] {"tps", "p50 ms", "p95 ms", "p99 ms", "failures %"}) {
            assertThat(verdict(o.out(), metric)).as("%s\n%s", metric, o.out()).isNotEqualTo("regressed");
        }
        // "no change" needs the interval within the threshold, which ALPHA's wide interval may
        // not show from 8 rounds when a round stalls on a busy machine: inconclusive is honest too.
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isIn("no change", "inconclusive");
        assertThat(o.out()).contains("samples: 8 rounds against 8").endsWith("no regression\n");
    }

    @Test
    void twoRunsASideMeasureTheirSpreadAndStillFindTheHalvedRate() {
        // At the defaults: with two runs a side the runs' spread has 2 degrees of freedom, and at ALPHA
        // one baseline run that a busy machine kept a few tps under its rate would hide the halving.
        CliCapture.Outcome o = lab("compare", "--allow-differences", a1 + "," + a2, b1 + "," + b2);
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.out()).contains("baseline 2 runs:", "samples: 16 rounds against 16",
                "the spread between the runs of a side is measured");
        assertThat(verdict(o.out(), "tps")).as("%s", o.out()).isEqualTo("regressed");
    }
}
