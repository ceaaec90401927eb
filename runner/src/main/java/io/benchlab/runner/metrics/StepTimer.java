package io.benchlab.runner.metrics;

/**
 * Times the statements of one transaction as laps: {@link #start()} before the first,
 * {@link #lap(Step)} after each. The workload calls it around every engine call, so no
 * engine code ever reads a clock.
 */
public interface StepTimer {

    /** For phases whose latencies are not kept (warm-up). */
    StepTimer OFF = new StepTimer() {
        @Override
        public void start() {
        }

        @Override
        public void lap(Step step) {
        }
    };

    void start();

    void lap(Step step);
}
