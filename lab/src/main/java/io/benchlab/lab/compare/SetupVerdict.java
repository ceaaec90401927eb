package io.benchlab.lab.compare;

import io.benchlab.results.RunResult;
import java.util.List;

/**
 * A set-up's tps against its baseline's at the same engine and clients, judged as {@code lab
 * compare} judges tps ({@link MetricDelta}: the same statistics, not a copy), in the words of its
 * table: the change, the noise (half the confidence interval), the p-value and the verdict with
 * what would settle it. One table column each, in {@code lab sweep} and {@code lab compare --by setup}.
 */
public final class SetupVerdict {

    private final MetricDelta tps;
    private final CompareRules rules;

    private SetupVerdict(MetricDelta tps, CompareRules rules) {
        this.tps = tps;
        this.rules = rules;
    }

    /** The column heads of {@link #cells}. */
    public static final List<String> HEADER = List.of("vs baseline", "noise", "p", "verdict");

    /** Each side one run or several runs of its set-up. */
    public static SetupVerdict of(List<RunResult> baseline, List<RunResult> run, CompareRules rules) {
        return new SetupVerdict(MetricDelta.of(Metric.TPS, side(baseline), side(run), rules), rules);
    }

    public Verdict verdict() {
        return tps.verdict();
    }

    /** Change, noise, p and verdict, as {@link #HEADER} names them. */
    public List<String> cells() {
        return List.of(ComparisonTable.change(tps), ComparisonTable.noise(tps), ComparisonTable.p(tps.evidence()),
                ComparisonTable.verdict(tps, rules));
    }

    /** The cells of the baseline's own line. */
    public static List<String> baselineCells() {
        return List.of("-", "-", "-", "baseline");
    }

    /** The cells of a set-up that could not be judged, and why ("not run", "failed"). */
    public static List<String> notJudged(String why) {
        return List.of("-", "-", "-", why);
    }

    /** The fewest rounds a run for a verdict at all at these rules' significance level (5 at 0.01). */
    public static int roundsNeeded(CompareRules rules) {
        return RoundEvidence.roundsNeeded(rules.alpha());
    }

    private static Side side(List<RunResult> runs) {
        return new Side(runs.stream().map(r -> new ComparedRun(r.runId(), r)).toList());
    }
}
