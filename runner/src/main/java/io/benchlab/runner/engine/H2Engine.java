package io.benchlab.runner.engine;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** H2 in-process (MVStore): in-memory by default, or a file with H2's write delay as the profile. */
final class H2Engine implements Engine {

    /** Deadlock, lock timeout, and MVStore's concurrent-update conflict. */
    private static final Set<String> RETRYABLE = Set.of("40001", "HYT00", "90131");

    private static final List<Profile> PROFILES = List.of(
            new Profile("memory", "in-memory", false, Map.of()),
            new Profile("durable", "file, changes written at every commit (WRITE_DELAY 0)", true,
                    Map.of("WRITE_DELAY", "0")),
            new Profile("relaxed", "file, changes written every 500 ms (H2's default WRITE_DELAY)", true,
                    Map.of("WRITE_DELAY", "500")));

    @Override
    public String name() {
        return "h2";
    }

    @Override
    public String description() {
        return "H2 " + org.h2.engine.Constants.FULL_VERSION + " in-process";
    }

    @Override
    public List<String> jdbcUrlPrefixes() {
        return List.of("jdbc:h2:");
    }

    @Override
    public String dialect() {
        return "h2";
    }

    /** Measured: 7 clients at READ UNCOMMITTED left branch and teller sums off, without one error. */
    @Override
    public Set<Integer> isolationsLosingUpdates() {
        return Set.of(Connection.TRANSACTION_READ_UNCOMMITTED);
    }

    /** H2 lists its update failures and page fill among its settings (INFORMATION_SCHEMA.SETTINGS). */
    @Override
    public Set<String> instanceSettings() {
        return Set.of("info.UPDATE_FAILURE_PERCENT", "info.LEAF_RATIO");
    }

    @Override
    public List<Profile> profiles() {
        return PROFILES;
    }

    @Override
    public String jdbcUrl(Profile profile, Path dataDir) {
        StringBuilder url = new StringBuilder(profile.persistent()
                ? "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("h2").resolve("benchlab")
                : "jdbc:h2:mem:benchlab;DB_CLOSE_DELAY=-1");
        profile.settings().forEach((k, v) -> url.append(';').append(k).append('=').append(v));
        return url.toString();
    }

    /** H2 takes its settings ({@code CACHE_SIZE}) in the URL, and refuses one it does not know when connecting. */
    @Override
    public InProcessSettings inProcessSettings() {
        return InProcessSettings.URL_PROPERTIES;
    }

    @Override
    public String defaultUser() {
        return "sa";
    }

    @Override
    public boolean keysAfterLoad() {
        return false;
    }

    @Override
    public String generateAccountsSql() {
        return "INSERT INTO accounts (aid, bid, abalance, filler)"
                + " SELECT X, (X - 1) / 100000 + 1, 0, CAST(? AS CHAR(84)) FROM SYSTEM_RANGE(?, ?)";
    }

    @Override
    public boolean isRetryable(SQLException e) {
        return RETRYABLE.contains(e.getSQLState());
    }

    @Override
    public String serverVersion(Connection c) throws SQLException {
        return SettingsQuery.single(c, "SELECT H2VERSION()");
    }

    @Override
    public Map<String, String> settings(Connection c) throws SQLException {
        return SettingsQuery.read(c, "SELECT setting_name, setting_value FROM information_schema.settings");
    }

    /**
     * From INFORMATION_SCHEMA.SETTINGS, in any case. A setting H2 took in the URL but does not list
     * there is a session's (LOCK_TIMEOUT): not readable. (An unknown one never connects.)
     */
    @Override
    public ReportedSetting setting(Connection c, String key) throws SQLException {
        for (var s : settings(c).entrySet()) {
            if (s.getKey().equalsIgnoreCase(key)) {
                return ReportedSetting.of(s.getValue(), null);
            }
        }
        return ReportedSetting.NOT_READABLE;
    }

    @Override
    public void shutdown(Connection c, Profile profile) throws SQLException {
        if (profile.persistent()) {
            try (Statement s = c.createStatement()) {
                s.execute("SHUTDOWN");
            }
        }
    }
}
