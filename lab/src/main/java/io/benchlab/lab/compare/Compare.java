package io.benchlab.lab.compare;

import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.ExitCodes;
import io.benchlab.runner.core.BadInputException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lab compare} without its command line: the first run is the baseline, every other run
 * is compared with it. Runs that are not comparable (see {@link Differences}) or not ok are
 * refused unless allowed. Exit code: 0 when no metric of any run regressed, 1 when one did;
 * bad input (a refusal included) is a {@link BadInputException}.
 */
public final class Compare {

    /** What the user allows: the threshold in percent, and whether to go on despite differences or a run not ok. */
    public record Rules(double thresholdPercent, boolean allowDifferences, boolean allowNotOk) {
    }

    private Compare() {
    }

    public static List<Comparison> comparisons(List<ComparedRun> runs, Rules rules) {
        runs.forEach(r -> checkUsable(r, rules));
        ComparedRun baseline = runs.get(0);
        List<Comparison> all = new ArrayList<>();
        for (ComparedRun run : runs.subList(1, runs.size())) {
            List<String> differences = Differences.refusing(baseline.result(), run.result());
            if (!differences.isEmpty() && !rules.allowDifferences()) {
                throw new BadInputException("refusing to compare " + run.result().runId() + " with the baseline "
                        + baseline.result().runId() + ": they differ in " + Differences.join(differences)
                        + " (--allow-differences compares them anyway)");
            }
            all.add(Comparison.of(baseline, run, rules.thresholdPercent()));
        }
        return all;
    }

    /** Prints a table per run against the baseline and returns the exit code. */
    public static int print(List<ComparedRun> runs, Rules rules, PrintWriter out) {
        List<Comparison> all = comparisons(runs, rules);
        List<String> regressed = new ArrayList<>();
        for (Comparison c : all) {
            RunResult base = c.baseline().result();
            RunResult run = c.run().result();
            out.print(ComparisonTable.format(c, Differences.refusing(base, run), Differences.told(base, run)));
            out.println();
            c.deltas().stream().filter(d -> d.verdict() == Verdict.REGRESSED)
                    .forEach(d -> regressed.add(run.runId() + " " + d.metric().label));
        }
        out.println(regressed.isEmpty() ? "no regression" : "regressed: " + String.join(", ", regressed));
        out.flush();
        return regressed.isEmpty() ? ExitCodes.OK : ExitCodes.RUN_FAILED;
    }

    private static void checkUsable(ComparedRun run, Rules rules) {
        RunResult r = run.result();
        if (r.status() != Status.OK && !rules.allowNotOk()) {
            throw new BadInputException("refusing to compare " + r.runId() + ": its status is " + r.status().json()
                    + " (" + r.cause() + "); --allow-not-ok compares it anyway");
        }
        if (r.figures() == null || r.knobs() == null) {
            throw new BadInputException(r.runId() + " has no figures to compare (status " + r.status().json()
                    + (r.cause() == null ? "" : ": " + r.cause()) + ")");
        }
    }
}
