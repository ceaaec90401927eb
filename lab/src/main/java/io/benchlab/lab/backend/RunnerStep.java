package io.benchlab.lab.backend;

import io.benchlab.runner.sink.ResultSink;

/**
 * One more invocation of the runner on a database a run already provisioned (a step of a series,
 * see {@code lab.pipeline.ProvisionedSeries}): its own run id, its own spec, of which only the
 * workload may differ from the run's (the engine, profile, target and backend options are the
 * run's), and the sinks that take its live points where the clients run in this process (a
 * backend whose runner runs elsewhere ignores them, as {@link Backend#open} says).
 */
public record RunnerStep(String runId, RunSpec spec, ResultSink live) {
}
