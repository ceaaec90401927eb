package io.benchlab.runner.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;

/**
 * HSQLDB, in-process ({@code hsqldb}: in-memory by default, file-backed with the write delay as
 * the profile) or as a server reached over its HSQL protocol ({@code hsqldb-server}).
 */
final class HsqldbEngine implements Engine {

    private static final List<Profile> EMBEDDED_PROFILES = List.of(
            new Profile("memory", "in-memory, MVCC", false,
                    Map.of("hsqldb.tx", "mvcc")),
            new Profile("durable", "file, MVCC, write delay off: every commit is synced", true,
                    Map.of("hsqldb.tx", "mvcc", "hsqldb.write_delay", "false")),
            new Profile("relaxed", "file, MVCC, log synced every 500 ms", true,
                    Map.of("hsqldb.tx", "mvcc", "hsqldb.write_delay", "true", "hsqldb.write_delay_millis", "500")));

    /** A server's profile is read back from its properties, never imposed. */
    private static final List<Profile> SERVER_PROFILES = List.of(
            new Profile("durable", "write delay off: every commit is synced", true,
                    Map.of("hsqldb.write_delay", "false")),
            new Profile("relaxed", "log synced every 500 ms", true,
                    Map.of("hsqldb.write_delay", "true", "hsqldb.write_delay_millis", "500")));

    /** How an HSQLDB server answers a database it does not serve: a general error, with no SQLState of its own. */
    private static final String NO_SUCH_ALIAS = "database alias does not exist";

    private final boolean server;

    HsqldbEngine(boolean server) {
        this.server = server;
    }

    @Override
    public String name() {
        return server ? "hsqldb-server" : "hsqldb";
    }

    @Override
    public String description() {
        return "HSQLDB " + (server ? "server (driver " + org.hsqldb.persist.HsqlDatabaseProperties.THIS_FULL_VERSION + ")"
                : org.hsqldb.persist.HsqlDatabaseProperties.THIS_FULL_VERSION + " in-process");
    }

    @Override
    public String dialect() {
        return "hsqldb";
    }

    @Override
    public List<Profile> profiles() {
        return server ? SERVER_PROFILES : EMBEDDED_PROFILES;
    }

    /** The server over HSQL or HTTP, with or without TLS; in-process, any form (mem:, file:, and a server too). */
    @Override
    public List<String> jdbcUrlPrefixes() {
        return server ? List.of("jdbc:hsqldb:hsql:", "jdbc:hsqldb:hsqls:", "jdbc:hsqldb:http:", "jdbc:hsqldb:https:")
                : List.of("jdbc:hsqldb:");
    }

    @Override
    public boolean embedded() {
        return !server;
    }

    @Override
    public String jdbcUrl(Profile profile, Path dataDir) {
        if (server) {
            return null;
        }
        StringBuilder url = new StringBuilder(profile.persistent()
                ? "jdbc:hsqldb:file:" + dataDir.toAbsolutePath().resolve("hsqldb").resolve("benchlab")
                : "jdbc:hsqldb:mem:benchlab");
        profile.settings().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(s -> url.append(';').append(s.getKey()).append('=').append(s.getValue()));
        return url.toString();
    }

    /** In-process, HSQLDB takes its database properties ({@code hsqldb.cache_rows}) in the URL. */
    @Override
    public InProcessSettings inProcessSettings() {
        return server ? null : InProcessSettings.URL_PROPERTIES;
    }

    @Override
    public String defaultUser() {
        return "SA";
    }

    @Override
    public boolean keysAfterLoad() {
        return false;
    }

    /**
     * Loads under two-phase locking, which keeps no MVCC row versions for a load nobody else
     * reads, and without the redo log for file databases; both are restored afterwards.
     * (Measured: batches beat an INSERT ... SELECT from SEQUENCE_ARRAY in-process.)
     */
    @Override
    public List<String> prepareLoad(Connection c) throws SQLException {
        Map<String, String> before = settings(c);
        String mode = before.get("hsqldb.tx");
        String log = before.get("hsqldb.log_data");
        try (Statement s = c.createStatement()) {
            s.execute("SET DATABASE TRANSACTION CONTROL LOCKS");
            s.execute("SET FILES LOG FALSE");
        }
        return List.of(
                "SET DATABASE TRANSACTION CONTROL " + (mode == null ? "MVCC" : mode.toUpperCase(java.util.Locale.ROOT)),
                "SET FILES LOG " + ("false".equalsIgnoreCase(log) ? "FALSE" : "TRUE"));
    }

    @Override
    public List<String> afterLoad() {
        return List.of("CHECKPOINT");
    }

    @Override
    public ConnectProblem connectProblem(SQLException e) {
        ConnectProblem standard = Engine.super.connectProblem(e);
        if (standard == null && e.getMessage() != null && e.getMessage().contains(NO_SUCH_ALIAS)) {
            return ConnectProblem.NO_DATABASE;
        }
        return standard;
    }

    @Override
    public String serverVersion(Connection c) throws SQLException {
        return SettingsQuery.single(c, "CALL DATABASE_VERSION()");
    }

    @Override
    public Map<String, String> settings(Connection c) throws SQLException {
        return SettingsQuery.read(c,
                "SELECT property_name, property_value FROM information_schema.system_properties");
    }

    /**
     * In-process, SYSTEM_PROPERTIES lists every database property, and a URL property HSQLDB does
     * not know is dropped without a word: one not listed is unknown. Keys are matched in any case.
     */
    @Override
    public ReportedSetting setting(Connection c, String key) throws SQLException {
        for (var s : settings(c).entrySet()) {
            if (s.getKey().equalsIgnoreCase(key)) {
                return ReportedSetting.of(s.getValue(), null);
            }
        }
        return server ? ReportedSetting.NOT_READABLE : ReportedSetting.UNKNOWN;
    }

    @Override
    public void shutdown(Connection c, Profile profile) throws SQLException {
        if (!server && profile.persistent()) {
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }
}
