package io.benchlab.lab.nightly;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.compare.Allowance;
import io.benchlab.lab.compare.Compare;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.lab.compare.ComparedRun;
import io.benchlab.lab.compare.Comparison;
import io.benchlab.lab.compare.Differences;
import io.benchlab.lab.compare.Metric;
import io.benchlab.lab.compare.Side;
import io.benchlab.lab.compare.Verdict;
import io.benchlab.lab.history.ChangePoint;
import io.benchlab.lab.history.CellNights;
import io.benchlab.lab.history.EDivisive;
import io.benchlab.lab.history.History;
import io.benchlab.results.NodeFingerprint;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges one cell's night against its earlier ok nights, as lab compare judges runs (the rounds of
 * each night as samples, the nights' spread measured as between-run noise) and, with enough nights,
 * as lab history finds change points (E-divisive on the nights' throughput), naming what differs
 * across a change point that falls on this night.
 */
final class CellJudge {

    private final CompareRules rules;

    CellJudge(NightlyPlan plan) {
        // A plan's change of knobs is judged, and named in the cause, not refused.
        this.rules = CompareRules.builder().alpha(plan.alpha()).thresholdPercent(plan.thresholdPercent())
                .latencyFloorMs(plan.latencyFloorMs()).priorDegrees(LabDefaults.NIGHTLY_PRIOR_NIGHTS)
                .allow(Allowance.DIFFERENCES).build();
    }

    /** TONIGHT's verdict (null: the cell left no result, for WHY), against EARLIER nights, oldest first. */
    CellVerdict judge(String cell, boolean canary, RunResult tonight, Path file, String why, List<RunResult> earlier) {
        if (tonight == null) {
            return new CellVerdict(cell, canary, Verdict.FAILED, why, null);
        }
        if (tonight.status() != Status.OK) {
            return new CellVerdict(cell, canary, Verdict.FAILED, tonight.status().json() + ": " + tonight.cause(), file);
        }
        List<RunResult> baseline = sameSetUp(earlier.stream().filter(r -> r.status() == Status.OK).toList());
        if (baseline.isEmpty()) {
            return new CellVerdict(cell, canary, Verdict.FIRST_NIGHT, "no earlier ok night to judge against", file);
        }
        List<String> changed = Differences.refusing(baseline.get(baseline.size() - 1), tonight);
        String change = changed.isEmpty() ? "" : "; the set-up changed since the last night: " + Differences.join(changed);
        Comparison c;
        try {
            c = Compare.comparisons(List.of(side(baseline), Side.of(new ComparedRun(file.toString(), tonight))), rules)
                    .get(0);
        } catch (BadInputException refused) {
            return new CellVerdict(cell, canary, Verdict.NOT_JUDGED, refused.getMessage()
                    + "; this night starts a new baseline", file);
        }
        String against = "against " + baseline.size() + (baseline.size() == 1 ? " night" : " nights") + change;
        String changePoint = changePointTonight(baseline, tonight);
        Verdict v = c.verdict();
        String cause = v == Verdict.NO_CHANGE
                ? "every metric's interval within the threshold " + against + changePoint
                : metrics(c, v) + " " + against + changePoint;
        return new CellVerdict(cell, canary, v, cause, file);
    }

    /**
     * The last nights that ran as the latest did (plan, engine settings, limits, nodes): a change of
     * set-up is judged once, on its first night, against the nights before it, and then starts a new
     * baseline, so that later nights are not judged against a mix of both.
     */
    static List<RunResult> sameSetUp(List<RunResult> nights) {
        int from = nights.size();
        while (from > 0 && sameSetUp(nights.get(from - 1), nights.get(nights.size() - 1))) {
            from--;
        }
        return nights.subList(from, nights.size());
    }

    private static boolean sameSetUp(RunResult a, RunResult b) {
        return Differences.refusing(a, b).isEmpty() && NodeFingerprint.of(a).differences(NodeFingerprint.of(b)).isEmpty();
    }

    private static Side side(List<RunResult> runs) {
        return new Side(runs.stream().map(r -> new ComparedRun(r.runId(), r)).toList());
    }

    /**
     * The metrics of verdict V, each as lab compare words it; an inconclusive one with what would
     * tell, in rounds a night only (tonight is one run, and the baseline holds the plan's nights).
     */
    private String metrics(Comparison c, Verdict v) {
        List<String> found = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (c.verdict(m) == v) {
                String tell = c.whatWouldTell(m, rules, false);
                found.add(m.label + " " + c.describe(m, tell == null ? null : "to tell: " + tell));
            }
        }
        return String.join(", ", found);
    }

    /** "; a change point in tps falls on this night (...; differs: ...)", or nothing. */
    private static String changePointTonight(List<RunResult> baseline, RunResult tonight) {
        List<RunResult> all = new ArrayList<>(baseline);
        all.add(tonight);
        if (all.size() < EDivisive.LEAST_NIGHTS) {
            return "";
        }
        try {
            List<ChangePoint> points = History.changePoints(CellNights.of(all, Metric.TPS, false),
                    LabDefaults.HISTORY_P_VALUE);
            return points.stream().filter(p -> tonight.runId().equals(p.after().runId())).findFirst()
                    .map(p -> String.format(Locale.ROOT, "; a change point in tps falls on this night (%.1f -> %.1f,"
                            + " p %.2g%s)", p.meanBefore(), p.meanAfter(), p.pValue(),
                            p.differs().isEmpty() ? "" : "; differs: " + String.join(", ", p.differs())))
                    .orElse("");
        } catch (BadInputException mixed) {
            return "";
        }
    }
}
