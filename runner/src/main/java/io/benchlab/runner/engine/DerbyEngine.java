package io.benchlab.runner.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Apache Derby embedded: in-memory by default, or a durable file database. */
final class DerbyEngine implements Engine {

    /** Deadlock, and the two lock-timeout states. */
    private static final Set<String> RETRYABLE = Set.of("40001", "40XL1", "40XL2");

    /** Derby has no settings table; these are the properties that shape a TPC-B run. */
    private static final List<String> PROPERTIES = List.of(
            "derby.storage.pageCacheSize", "derby.storage.pageSize", "derby.locks.waitTimeout",
            "derby.locks.deadlockTimeout", "derby.system.durability", "derby.language.statementCacheSize");

    private static final List<Profile> PROFILES = List.of(
            new Profile("memory", "in-memory", false, Map.of()),
            new Profile("durable", "file, every commit synced (Derby's default durability)", true, Map.of()));

    @Override
    public String name() {
        return "derby";
    }

    @Override
    public String description() {
        return "Apache Derby " + org.apache.derby.tools.sysinfo.getVersionString() + " embedded";
    }

    @Override
    public List<String> jdbcUrlPrefixes() {
        return List.of("jdbc:derby:");
    }

    @Override
    public String dialect() {
        return "derby";
    }

    @Override
    public List<Profile> profiles() {
        return PROFILES;
    }

    @Override
    public String jdbcUrl(Profile profile, Path dataDir) {
        return profile.persistent()
                ? "jdbc:derby:" + dataDir.toAbsolutePath().resolve("derby").resolve("benchlab") + ";create=true"
                : "jdbc:derby:memory:benchlab;create=true";
    }

    /** Derby reads its {@code derby.*} properties from the JVM's system properties when a database boots. */
    @Override
    public InProcessSettings inProcessSettings() {
        return InProcessSettings.SYSTEM_PROPERTIES;
    }

    @Override
    public String defaultUser() {
        return "app";
    }

    @Override
    public boolean keysAfterLoad() {
        return true;
    }

    @Override
    public List<String> afterLoad() {
        return List.of(
                "CALL SYSCS_UTIL.SYSCS_UPDATE_STATISTICS('APP', 'ACCOUNTS', NULL)",
                "CALL SYSCS_UTIL.SYSCS_CHECKPOINT_DATABASE()");
    }

    @Override
    public boolean isRetryable(SQLException e) {
        return RETRYABLE.contains(e.getSQLState());
    }

    @Override
    public Map<String, String> settings(Connection c) throws SQLException {
        Map<String, String> settings = new TreeMap<>();
        for (String name : PROPERTIES) {
            String value = SettingsQuery.single(c,
                    "VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY('" + name + "')");
            if (value == null) {
                value = System.getProperty(name);
            }
            settings.put(name, value == null ? "(default)" : value);
        }
        return settings;
    }

    /**
     * A database property where the database has one, else the system property Derby booted it
     * with. Derby takes any name without a word, so a key is unknown unless Derby names it: among
     * its own property names ({@link DerbyProperties}) or the ones this class reads.
     */
    @Override
    public ReportedSetting setting(Connection c, String key) throws SQLException {
        if (!PROPERTIES.contains(key) && !DerbyProperties.NAMES.contains(key)) {
            return ReportedSetting.UNKNOWN;
        }
        String value;
        try (var s = c.prepareStatement("VALUES SYSCS_UTIL.SYSCS_GET_DATABASE_PROPERTY(?)")) {
            s.setString(1, key);
            try (var rs = s.executeQuery()) {
                value = rs.next() ? rs.getString(1) : null;
            }
        }
        value = value != null ? value : System.getProperty(key);
        return value == null ? ReportedSetting.NOT_READABLE : ReportedSetting.of(value, null);
    }

    @Override
    public void shutdown(Connection c, Profile profile) throws SQLException {
        if (!profile.persistent()) {
            return;
        }
        String url = c.getMetaData().getURL();
        c.close();
        try {
            DriverManager.getConnection(url.replace(";create=true", "") + ";shutdown=true");
        } catch (SQLException expected) {
            // Derby reports a clean database shutdown as SQLState 08006.
            if (!"08006".equals(expected.getSQLState())) {
                throw expected;
            }
        }
    }
}
