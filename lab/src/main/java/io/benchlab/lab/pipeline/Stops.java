package io.benchlab.lab.pipeline;

import io.benchlab.runner.run.StopHook;
import java.time.Duration;

/**
 * What may end a run (or a step of a series) early: a signal, or its timeout passing; and how its
 * result says which. {@code timeout} is the one {@code deadline} counts, as the messages name it.
 */
record Stops(StopHook signals, Deadline deadline, Duration timeout) {

    /** True once either came. */
    boolean any() {
        return signals.signalled() || deadline.passed();
    }

    boolean timedOut() {
        return deadline.passed();
    }

    /** The cause of a run stopped before its runner started. */
    String beforeRunner() {
        return signals.signalled() ? "stopped before the runner started"
                : "the run passed its timeout of " + timeout.toSeconds() + " s before the runner started";
    }

    /** What ended a run whose runner was running: a signal, or the timeout. */
    String why() {
        return signals.signalled() ? "stopped" : "the run passed its timeout of " + timeout.toSeconds() + " s";
    }
}
