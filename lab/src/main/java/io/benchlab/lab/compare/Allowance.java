package io.benchlab.lab.compare;

/** What {@code lab compare} refuses unless allowed: each its own option, each off by default. */
public enum Allowance {
    /** Runs whose workload knobs, engine, profile, settings, backend or limits differ (--allow-differences). */
    DIFFERENCES,
    /** Runs whose node fingerprints differ (--allow-node-change). */
    NODE_CHANGE,
    /** Runs whose status is failed or interrupted (--allow-not-ok). */
    NOT_OK
}
