package io.benchlab.runner.core;

import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The database a run talks to. {@code managed} means the lab owns it (embedded), so it may
 * shut it down afterwards; an external database is only read from and written to.
 */
public record Target(Engine engine, Profile profile, String jdbcUrl, String user, Secret password, boolean managed) {

    public Connection connect() throws SQLException {
        Properties props = new Properties();
        engine.connectionProperties().forEach(props::setProperty);
        props.setProperty("user", user);
        props.setProperty("password", password.reveal());
        return DriverManager.getConnection(jdbcUrl, props);
    }

    public String redactedUrl() {
        return Redact.jdbcUrl(jdbcUrl);
    }

    @Override
    public String toString() {
        return engine.name() + "/" + profile.name() + " " + redactedUrl();
    }
}
