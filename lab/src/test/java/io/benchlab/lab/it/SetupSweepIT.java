package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.runner.cli.CliCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A sweep over the profile on an in-process engine (the axis that applies there), five short
 * rounds a point: its table judges the relaxed profile against the durable baseline, and lab
 * compare --by setup on its folder says the same.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class SetupSweepIT {

    @Test
    void aSweepOverTheProfileIsJudgedAsCompareBySetupJudgesItsFolder(@TempDir Path dir) throws Exception {
        Path results = dir.resolve("results");
        CliCapture.Outcome sweep = CliCapture.run(LabMain::commandLine, "sweep", "--engine", "h2", "--profile",
                "durable,relaxed", "--clients", "1", "--rounds", "5", "--duration", "300ms", "--warmup", "500ms",
                "--scale", "1", "--quiet", "-o", results.toString());
        assertThat(sweep.exitCode()).as("%s", sweep).isZero();
        try (Stream<Path> files = Files.list(results)) {
            assertThat(files).hasSize(2);
        }
        List<String> table = sweep.out().lines().dropWhile(l -> !l.startsWith("engine  setup")).toList();
        assertThat(table).hasSize(3);
        assertThat(table.get(0)).contains("vs baseline", "noise", "p", "verdict");
        assertThat(table.get(1)).startsWith("h2      baseline").contains(" baseline  ");
        String relaxed = table.get(2);
        assertThat(relaxed).startsWith("h2      profile relaxed");

        CliCapture.Outcome compare = CliCapture.run(LabMain::commandLine, "compare", "--by", "setup",
                results.toString());
        assertThat(compare.exitCode()).as("%s", compare).isIn(0, 1);
        String judged = compare.out().lines().filter(l -> l.contains("profile relaxed")).findFirst().orElseThrow();
        // The same change, noise, p-value and verdict on both lines.
        assertThat(tail(judged)).isEqualTo(tail(relaxed.substring(0, relaxed.lastIndexOf(results.toString()))));
    }

    /** From the change on: "+388.7%  ±1091.5%  0.2661  inconclusive: about 7 runs a side". */
    private static String tail(String line) {
        String[] cells = line.strip().split(" {2,}");
        int verdict = cells.length - 1;
        return String.join(" ", List.of(cells[verdict - 3], cells[verdict - 2], cells[verdict - 1], cells[verdict]));
    }
}
