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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Real runs for the lab compare and lab rerun tests: eight measured rounds of one second a run, at a
 * steady rate that the regression halves. Identical runs at full speed on a shared 2-core machine
 * differ by tens of percent (bench.compare_calibration measures it); what these tests judge is lab
 * compare, not how busy the machine is, so tps is held by the rate and sub-millisecond latencies by
 * the 1 ms floor.
 *
 * <p>False-alarm probability of a test that expects no regression: lab compare runs at
 * {@link #ALPHA}. A regressed verdict on any of the five metrics needs, among other things, the
 * exact Mann-Whitney U test's two-sided p-value below ALPHA with the change in the regressing
 * direction; when the two runs' rounds come from one distribution that happens with probability at
 * most ALPHA / 2 per metric, so at most 5 x 0.0001 = 0.0005 for the five, below 1 in 1,000. With 8
 * rounds a side the U test can still reach it (its least p is 2/12870 = 0.000155, ties or not: tied
 * rounds, which rate-capped tps gives, are counted exactly too). The tests that expect a finding (a
 * halved rate) judge at lab compare's defaults, as a user would.
 *
 * <p>What that bound cannot cover is a whole run on a busier machine than the other (the tests run
 * beside others in one build): its rounds then all come from another distribution. tps is held by
 * the rate against that, and latency by {@link #LATENCY_FLOOR_MS}: at 400 tps an in-process engine's
 * percentiles are well under a millisecond, and a whole run would have to be stalled for 10 ms per
 * transaction at its 99th percentile, every round of it, to be called a regression.
 */
final class ComparedRuns {

    static final List<String> STEADY = List.of("--duration", "1s", "--rounds", "8", "--warmup", "2s", "--seed", "11");

    /** The significance level the compare and rerun tests judge at (see above). */
    static final String ALPHA = "0.0002";

    /** A row of lab compare's table ends with its verdict, an inconclusive one with what would tell. */
    private static final Pattern VERDICT = Pattern.compile("\\s(improved|regressed|no change|inconclusive)(: .*)?$");

    /** The latency floor of the tests that expect no regression (see above). */
    static final String LATENCY_FLOOR_MS = "10";

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

    /** The verdict column (the last) of a metric's row in lab compare's (last) table, below a run's summary if any. */
    static String verdict(String out, String metric) {
        String table = out.substring(out.lastIndexOf("\nmetric ") + 1);
        String row = table.lines().filter(l -> l.startsWith(metric + " ")).findFirst().orElseThrow();
        Matcher m = VERDICT.matcher(row);
        return m.find() ? m.group(1) : row;
    }
}
