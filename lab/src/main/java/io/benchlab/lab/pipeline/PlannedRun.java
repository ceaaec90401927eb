package io.benchlab.lab.pipeline;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.RunSpec;

/** One run with every option checked, nothing made yet: the backend it runs on and what it runs. */
public record PlannedRun(Backend backend, RunSpec spec) {
}
