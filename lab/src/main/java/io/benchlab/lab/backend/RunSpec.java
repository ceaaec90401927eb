package io.benchlab.lab.backend;

import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import java.nio.file.Path;

/**
 * What the lab was asked to run. A backend turns it into a provisioned database plus a runner
 * (in-process, in a container, or in a Kubernetes Job) and collects one result.
 */
public record RunSpec(Target target, WorkloadConfig workload, Path output, boolean quiet) {
}
