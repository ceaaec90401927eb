package io.benchlab.runner.run;

import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Secret;

/**
 * The phases of a run, each named as a failed run's cause names it. Client pod 0 leads: it loads,
 * checks before, measures, meets the others after and checks for all; another pod waits for its
 * load, measures, meets it after and takes its verdict. A process alone leads no one: it runs the
 * leader's phases, and the meeting only sums its own counts.
 */
enum RunPhase {
    LOAD("load"),
    AWAIT_LOAD("wait for client pod 0's load"),
    CHECK_BEFORE("before-run check"),
    /** The clients' warm-up and rounds, and the server sampler's last read. */
    MEASURED("measured run"),
    /** Every pod's counts gathered, and the server's count of commits held against them (the closure). */
    MEET_AFTER("after-run meeting of the client pods"),
    /** The consistency check, or for another pod the leader's verdict. */
    CHECK_AFTER("after-run check");

    private final String label;

    RunPhase(String label) {
        this.label = label;
    }

    /** The result's cause for a failure in this phase, WHY after the phase's name. */
    String failed(String why) {
        return label + ": " + why;
    }

    /**
     * The cause for an error {@code e} in this phase. After a stop, outside the measured run (whose
     * calls the stop cancels and counts apart), an error is the stop's own doing: the admin
     * connection was aborted under what it waited for.
     */
    String failedOn(Exception e, boolean stopped, Secret password) {
        return stopped && this != MEASURED ? "stopped during the " + label + " while the database did not answer"
                : Redact.message(failed(e.getClass().getSimpleName() + ": " + e.getMessage()), password);
    }
}
