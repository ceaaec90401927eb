package io.benchlab.runner.sink;

/** Which phase a progress interval belongs to; warm-up intervals are shown, never stored. */
public enum Phase { WARMUP, MEASURED }
