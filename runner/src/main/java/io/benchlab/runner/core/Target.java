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
 * {@code container}, where its usage is read (null: nowhere).
 */
public record Target(Engine engine, Profile profile, String jdbcUrl, String user, Secret password, boolean managed,
                     ContainerStats container) {

    public Target(Engine engine, Profile profile, String jdbcUrl, String user, Secret password, boolean managed) {
        this(engine, profile, jdbcUrl, user, password, managed, null);
    }

    /** The same database, its container's usage read from SOURCE. */
    public Target withContainer(ContainerStats source) {
        return new Target(engine, profile, jdbcUrl, user, password, managed, source);
    }

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
