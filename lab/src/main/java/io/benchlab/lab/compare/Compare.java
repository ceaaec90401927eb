package io.benchlab.lab.compare;

import io.benchlab.results.NodeFingerprint;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.run.ExitCodes;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code lab compare} without its command line: the first side is the baseline, every other side
 * is compared with it. A side is one run, or several runs of one configuration. Runs that are not
 * comparable (see {@link Differences}), that ran on nodes of other fingerprints, or that are not ok
 * are refused unless allowed. Exit code: 0 when no metric regressed, 1 when one did (and under
 * {@code strict} when one was inconclusive: too few rounds, or an interval wider than the
 * threshold); bad input, a refusal included, is a {@link BadInputException}.
 */
public final class Compare {

    private Compare() {
    }

    public static List<Comparison> comparisons(List<Side> sides, CompareRules rules) {
        sides.forEach(s -> s.runs().forEach(r -> checkUsable(r, rules)));
        Side baseline = sides.get(0);
        for (Side side : sides) {
            side.runs().forEach(r -> checkComparable(baseline.first().result(), r.result(), rules));
        }
        List<Comparison> all = new ArrayList<>();
        for (Side side : sides.subList(1, sides.size())) {
            all.add(Comparison.of(baseline, side, rules));
        }
        return all;
    }

    /** Prints a table per side against the baseline and returns the exit code. */
    public static int print(List<Side> sides, CompareRules rules, PrintWriter out) {
        List<Comparison> all = comparisons(sides, rules);
        List<String> regressed = new ArrayList<>();
        List<String> inconclusive = new ArrayList<>();
        for (Comparison c : all) {
            RunResult base = c.baseline().first().result();
            RunResult run = c.run().first().result();
            out.print(ComparisonTable.format(c, rules, Differences.refusing(base, run), Differences.told(base, run)));
            out.println();
            String name = c.run().runs().size() == 1 ? run.runId() : c.run().name();
            c.labels(Verdict.REGRESSED).forEach(m -> regressed.add(name + " " + m));
            c.labels(Verdict.INCONCLUSIVE).forEach(m -> inconclusive.add(name + " " + m));
        }
        if (!inconclusive.isEmpty()) {
            out.println("WARNING inconclusive: " + String.join(", ", inconclusive) + " (the data show neither a change"
                    + " beyond the threshold nor one within it; each row says what would tell"
                    + (rules.strict() ? "" : "; --strict fails on it") + ")");
        }
        out.println(regressed.isEmpty() ? "no regression" : "regressed: " + String.join(", ", regressed));
        out.flush();
        return all.stream().anyMatch(c -> c.fails(rules.strict())) ? ExitCodes.RUN_FAILED : ExitCodes.OK;
    }

    private static void checkComparable(RunResult baseline, RunResult run, CompareRules rules) {
        if (baseline != run) {
            checkComparable(baseline, run, Differences.refusing(baseline, run), rules);
        }
    }

    /** Refuses the run unless its DIFFERENCES from the baseline, and its nodes', are allowed. */
    static void checkComparable(RunResult baseline, RunResult run, List<String> differences, CompareRules rules) {
        if (!differences.isEmpty() && !rules.allows(Allowance.DIFFERENCES)) {
            throw new BadInputException("refusing to compare " + run.runId() + " with the baseline "
                    + baseline.runId() + ": they differ in " + Differences.join(differences)
                    + " (--allow-differences compares them anyway)");
        }
        List<String> nodes = NodeFingerprint.of(baseline).differences(NodeFingerprint.of(run));
        if (!nodes.isEmpty() && !rules.allows(Allowance.NODE_CHANGE)) {
            throw new BadInputException("refusing to compare " + run.runId() + " with the baseline "
                    + baseline.runId() + ": they ran on other nodes (" + Differences.join(nodes)
                    + "; --allow-node-change compares them anyway)");
        }
    }

    static void checkUsable(ComparedRun run, CompareRules rules) {
        RunResult r = run.result();
        if (r.status() != Status.OK && !rules.allows(Allowance.NOT_OK)) {
            throw new BadInputException("refusing to compare " + r.runId() + ": its status is " + r.status().json()
                    + " (" + r.cause() + "); --allow-not-ok compares it anyway");
        }
        if (r.figures() == null || r.knobs() == null) {
            throw new BadInputException(r.runId() + " has no figures to compare (status " + r.status().json()
                    + (r.cause() == null ? "" : ": " + r.cause()) + ")");
        }
        // Compare takes a run's rounds as samples of one quantity; a load profile's rounds (or its one
        // ramp) ran at different offered rates, so their spread is the profile's, not noise.
        if (r.knobs().get("rate_steps") != null || r.knobs().get("rate_ramp") != null) {
            throw new BadInputException("refusing to compare " + r.runId() + ": it ran a load profile ("
                    + (r.knobs().get("rate_steps") != null ? "--rate-steps " + r.knobs().get("rate_steps")
                    : "--rate-ramp " + r.knobs().get("rate_ramp")) + "), whose rounds ran at different rates;"
                    + " compare runs of one --rate, or find the capacity with lab capacity");
        }
    }
}
