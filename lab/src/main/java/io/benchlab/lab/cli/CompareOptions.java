package io.benchlab.lab.cli;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.compare.Allowance;
import io.benchlab.lab.compare.CompareRules;
import io.benchlab.runner.core.BadInputException;
import picocli.CommandLine.Option;

/** How lab compare and lab rerun judge a run against its baseline. */
public final class CompareOptions {

    /** Below this, the rank test needs more rounds than any run holds; above 0.2 a "change" is a coin toss. */
    static final double LEAST_ALPHA = 1e-6;
    static final double MOST_ALPHA = 0.2;

    @Option(names = "--alpha", paramLabel = "P", defaultValue = "" + LabDefaults.COMPARE_ALPHA,
            description = "Significance level: a change counts only when the t-test and the Mann-Whitney U test"
                    + " on the rounds both give a p-value below it; the fewer it is, the more rounds a side it needs"
                    + " (5 at 0.01, 7 at 0.001) (default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "" + LabDefaults.COMPARE_THRESHOLD_PERCENT,
            description = "A change counts only when it is also this many percent of the baseline (failures: "
                    + LabDefaults.COMPARE_FAILURES_POINTS + " percentage points) (default: ${DEFAULT-VALUE}).")
    double threshold;

    @Option(names = "--latency-floor", paramLabel = "MS", defaultValue = "" + LabDefaults.COMPARE_LATENCY_FLOOR_MS,
            description = "A latency change counts only when it is also this many milliseconds: sub-millisecond"
                    + " percentiles move with the scheduler more than with the engine (default: ${DEFAULT-VALUE}).")
    double latencyFloor;

    @Option(names = "--between-runs", paramLabel = "RATIO", defaultValue = "" + LabDefaults.COMPARE_BETWEEN_RUNS,
            description = "With one run a side, take the variance between identical runs as RATIO times the variance"
                    + " between a run's rounds (it cannot be seen from one run; with two runs or more on a side it is"
                    + " measured instead); 0 trusts the rounds alone (default: ${DEFAULT-VALUE}).")
    double betweenRuns;

    @Option(names = "--allow-differences",
            description = "Compare runs whose workload knobs, engine, profile, settings, backend or limits differ"
                    + " (they are named above the table).")
    boolean allowDifferences;

    @Option(names = "--allow-node-change",
            description = "Compare runs whose node fingerprints differ (kernel, CPU, cgroup limits, boot id,"
                    + " container runtime, kubelet).")
    boolean allowNodeChange;

    @Option(names = "--allow-not-ok", description = "Compare runs whose status is failed or interrupted too.")
    boolean allowNotOk;

    /** The rules; {@code strict} (the command's own --strict) makes an inconclusive metric fail. */
    CompareRules rules(boolean strict) {
        if (!(alpha >= LEAST_ALPHA && alpha <= MOST_ALPHA)) {
            throw new BadInputException("--alpha must be from " + LEAST_ALPHA + " to " + MOST_ALPHA + ", got " + alpha);
        }
        if (!(threshold >= 0 && Double.isFinite(threshold))) {
            throw new BadInputException("--threshold must be a percentage of 0 or more, got " + threshold);
        }
        if (!(latencyFloor >= 0 && Double.isFinite(latencyFloor))) {
            throw new BadInputException("--latency-floor must be 0 or more milliseconds, got " + latencyFloor);
        }
        if (!(betweenRuns >= 0 && Double.isFinite(betweenRuns))) {
            throw new BadInputException("--between-runs must be a ratio of 0 or more, got " + betweenRuns);
        }
        CompareRules.Builder rules = CompareRules.builder().alpha(alpha).thresholdPercent(threshold)
                .latencyFloorMs(latencyFloor).betweenRuns(betweenRuns).strict(strict);
        if (allowDifferences) {
            rules.allow(Allowance.DIFFERENCES);
        }
        if (allowNodeChange) {
            rules.allow(Allowance.NODE_CHANGE);
        }
        if (allowNotOk) {
            rules.allow(Allowance.NOT_OK);
        }
        return rules.build();
    }
}
