package io.benchlab.lab.cli;

import io.benchlab.lab.compare.Compare;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import picocli.CommandLine.Option;

/** How lab compare and lab rerun judge a run against its baseline. */
public final class CompareOptions {

    @Option(names = "--threshold", paramLabel = "PERCENT", defaultValue = "" + Defaults.COMPARE_THRESHOLD_PERCENT,
            description = "A change counts only beyond its noise bound and this many percent of the baseline"
                    + " (latencies: at least " + Defaults.COMPARE_LATENCY_FLOOR_MS + " ms; failures: " + Defaults.COMPARE_FAILURES_POINTS
                    + " percentage points) (default: ${DEFAULT-VALUE}).")
    double threshold;

    @Option(names = "--allow-differences",
            description = "Compare runs whose workload knobs, engine, profile, settings, backend or limits differ"
                    + " (they are named above the table).")
    boolean allowDifferences;

    @Option(names = "--allow-not-ok", description = "Compare runs whose status is failed or interrupted too.")
    boolean allowNotOk;

    Compare.Rules rules() {
        if (!(threshold >= 0 && Double.isFinite(threshold))) {
            throw new BadInputException("--threshold must be a percentage of 0 or more, got " + threshold);
        }
        return new Compare.Rules(threshold, allowDifferences, allowNotOk);
    }
}
