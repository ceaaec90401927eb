package io.benchlab.lab.compare;

import io.benchlab.results.RunResult;

/** A run as {@code lab compare} sees it: where it came from (a file or a run id) and its result. */
public record ComparedRun(String source, RunResult result) {

    String name() {
        return result.runId() + (source.equals(result.runId()) ? "" : " (" + source + ")");
    }
}
