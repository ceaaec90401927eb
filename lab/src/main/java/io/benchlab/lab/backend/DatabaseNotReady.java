package io.benchlab.lab.backend;

import io.benchlab.results.Placement;

/** The database never became ready: the run ends as failed with this cause, and where it got to. */
public final class DatabaseNotReady extends Exception {

    private final transient Placement placement;

    public DatabaseNotReady(String cause, Placement placement) {
        super(cause);
        this.placement = placement;
    }

    public Placement placement() {
        return placement;
    }
}
