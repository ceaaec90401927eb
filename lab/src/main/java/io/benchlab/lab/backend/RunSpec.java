package io.benchlab.lab.backend;

import io.benchlab.runner.cli.OutputOptions;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.WorkloadConfig;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.time.Duration;

/**
 * What the lab was asked to run. A backend turns it into a database plus a runner (in-process,
 * in containers, or in a Kubernetes Job) and collects one result. {@code target} is the database
 * the user gave (embedded or external); it is null when the backend provisions one itself.
 * {@code output} says where the result goes, how chatty the run is and whether warnings fail it.
 * {@code dbImage} is null for the engine's pinned image of the profile; {@code timeout} is null
 * for "the planned time plus {@code Defaults.RUN_TIMEOUT_SLACK}".
 */
public record RunSpec(
        Engine engine,
        Profile profile,
        Target target,
        WorkloadConfig workload,
        OutputOptions output,
        String dbImage,
        ContainerLimits dbLimits,
        ContainerLimits runnerLimits,
        Duration timeout) {
}
