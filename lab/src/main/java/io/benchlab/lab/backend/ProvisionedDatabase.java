package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.results.Setup;

/**
 * A database ready for the runner: the JDBC URL and user the runner connects with (the password
 * travels as a file, never here), and where it runs. In-process backends provision nothing and
 * give {@link #NONE}: their runner uses the run's own target. {@code setup}: the server settings
 * the run gave and the server's values for them, read back once it was ready (null: none given).
 */
public record ProvisionedDatabase(String jdbcUrl, String user, Placement.Side side, Setup setup) {

    public static final ProvisionedDatabase NONE = new ProvisionedDatabase(null, null, null);

    public ProvisionedDatabase(String jdbcUrl, String user, Placement.Side side) {
        this(jdbcUrl, user, side, null);
    }
}
