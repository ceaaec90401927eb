package io.benchlab.lab.report;

import io.benchlab.results.RunResult;
import java.nio.file.Path;

/**
 * One result in a report: where it was read from, what it holds, and how the charts name and colour
 * it. {@code family} is its engine, with the profile, backend and the rest of its set-up (version,
 * settings given, storage) where those vary among the runs: a sweep draws one curve per family, in
 * {@code familyColor}.
 */
record ReportRun(Path file, RunResult result, String family, String label, String color, String familyColor) {

    String engine() {
        return result.engine().name();
    }

    int clients() {
        return result.knobs().clients();
    }

    boolean hasFigures() {
        return result.figures() != null && result.figures().latency() != null;
    }
}
