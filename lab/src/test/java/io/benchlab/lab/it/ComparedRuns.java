package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Real runs for the lab compare and lab rerun tests. Eight measured rounds of one second, sliced in
 * 200 ms intervals: 8 s of measured time, 40 interval samples and 8 round samples a side. On a
 * shared 2-core machine one second can be half as fast as the next, and rounds differ as much,
 * so the noise bound needs the rounds to see what separates two runs of one configuration; with
 * 5 rounds (t at 4 degrees of freedom, 2.8) a halved tps fell within the bound at a load average
 * of 14, with 8 the bound is about 0.85 of the rounds' standard deviation. Even so, two identical
 * runs at full speed differed by up to 57% at that load, so the runs go at a steady rate (the
 * regression halves it): what the tests judge is lab compare, not how busy the machine is.
 */
final class ComparedRuns {

    static final List<String> STEADY = List.of("--duration", "1s", "--rounds", "8", "--interval", "200ms",
            "--warmup", "2s", "--seed", "11");

    /** The rate of every run that gives none: well under what the engines take here even under load. */
    static final String STEADY_RATE = "400";

    private ComparedRuns() {
    }

    static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    /** lab run with the steady knobs and these, into {@code file}; the run must end ok. */
    static RunResult run(Path file, String... args) throws IOException {
        List<String> all = new ArrayList<>(List.of("run", "--quiet", "--output", file.toString()));
        all.addAll(STEADY);
        all.addAll(List.of(args));
        if (!all.contains("--rate")) {
            all.addAll(List.of("--rate", STEADY_RATE));
        }
        CliCapture.Outcome o = lab(all.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isZero();
        RunResult r = ResultJson.read(file);
        assertThat(r.status()).isEqualTo(Status.OK);
        return r;
    }

    /** The verdict column of a metric's row in lab compare's (last) table, below a run's summary if any. */
    static String verdict(String out, String metric) {
        String table = out.substring(out.lastIndexOf("\nmetric ") + 1);
        return table.lines().filter(l -> l.startsWith(metric + " ")).findFirst().orElseThrow()
                .replaceAll(".*(%|pp)\\s+", "").strip();
    }
}
