package io.benchlab.lab.backend;

import io.benchlab.results.Placement;

/**
 * A database ready for the runner: the JDBC URL and user the runner connects with (the password
 * travels as a file, never here), and where it runs. In-process backends provision nothing and
 * give {@link #NONE}: their runner uses the run's own target.
 */
public record ProvisionedDatabase(String jdbcUrl, String user, Placement.Side side) {

    public static final ProvisionedDatabase NONE = new ProvisionedDatabase(null, null, null);
}
