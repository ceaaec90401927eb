package io.benchlab.runner.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * MySQL and MariaDB through mysql-connector-j. InnoDB clusters rows by the primary key, so the
 * keys come before the load and the rows go in key order, in rewritten multi-row batches.
 */
final class MysqlEngine implements ServerEngine {

    /** ER_LOCK_DEADLOCK and ER_LOCK_WAIT_TIMEOUT: the server rolled the statement or transaction back. */
    private static final int DEADLOCK = 1213;
    private static final int LOCK_WAIT_TIMEOUT = 1205;

    /** ER_ACCESS_DENIED_ERROR, ER_BAD_DB_ERROR and ER_DBACCESS_DENIED_ERROR, which come with SQLState 28000 or 42000. */
    private static final Map<Integer, ConnectProblem> CONNECT_PROBLEMS = Map.of(
            1045, ConnectProblem.AUTHENTICATION,
            1049, ConnectProblem.NO_DATABASE,
            1044, ConnectProblem.NO_DATABASE_OR_ACCESS);

    private final String name;

    private static final List<Profile> PROFILES = List.of(
            new Profile("durable", "redo log flushed at every commit, binlog synced", true,
                    Map.of("innodb_flush_log_at_trx_commit", "1", "sync_binlog", "1")),
            new Profile("relaxed", "redo log flushed about once a second, binlog left to the OS", true,
                    Map.of("innodb_flush_log_at_trx_commit", "2", "sync_binlog", "0")));

    MysqlEngine(String name) {
        this.name = name;
    }

    /** The host name, the server's ids and its pid file name this server, not its configuration. */
    @Override
    public Set<String> instanceSettings() {
        return Set.of("hostname", "server_uid", "server_uuid", "pid_file");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean speaksVertx() {
        return true;
    }

    @Override
    public String description() {
        return (name.equals("mariadb") ? "MariaDB" : "MySQL") + " server (mysql-connector-j)";
    }

    @Override
    public List<String> jdbcUrlPrefixes() {
        return List.of("jdbc:mysql:");
    }

    @Override
    public String dialect() {
        return "mysql";
    }

    @Override
    public List<Profile> profiles() {
        return PROFILES;
    }

    @Override
    public String defaultUser() {
        return "root";
    }

    @Override
    public Map<String, String> connectionProperties() {
        return Map.of(
                "rewriteBatchedStatements", "true",
                "useServerPrepStmts", "true",
                "cachePrepStmts", "true",
                "connectTimeout", "10000",
                "allowPublicKeyRetrieval", "true",
                "sslMode", "PREFERRED");
    }

    @Override
    public boolean keysAfterLoad() {
        return false;
    }

    /** The usual InnoDB bulk-load switches, for this session only; the keys are unique by construction. */
    @Override
    public List<String> prepareLoad(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("SET SESSION unique_checks = 0");
            s.execute("SET SESSION foreign_key_checks = 0");
        }
        return List.of("SET SESSION unique_checks = 1", "SET SESSION foreign_key_checks = 1");
    }

    @Override
    public List<String> afterLoad() {
        return List.of("ANALYZE TABLE branches, tellers, accounts, history");
    }

    @Override
    public boolean isRetryable(SQLException e) {
        return "40001".equals(e.getSQLState()) || e.getErrorCode() == DEADLOCK || e.getErrorCode() == LOCK_WAIT_TIMEOUT;
    }

    @Override
    public ConnectProblem connectProblem(SQLException e) {
        ConnectProblem standard = ServerEngine.super.connectProblem(e);
        return standard != null ? standard : CONNECT_PROBLEMS.get(e.getErrorCode());
    }

    /** max_connections less the connected threads (the one extra that SUPER may open is left to admins). */
    @Override
    public ConnectionSlots connectionSlots(Connection c) throws SQLException {
        int max = Integer.parseInt(SettingsQuery.single(c, "SELECT @@max_connections"));
        int used = Integer.parseInt(SettingsQuery.read(c, "SHOW GLOBAL STATUS LIKE 'Threads_connected'")
                .getOrDefault("Threads_connected", "0"));
        return new ConnectionSlots(max - used, "max_connections " + max + ", " + used + " in use");
    }

    /** Connector/J calls every server MySQL; MariaDB says who it is in its version. */
    @Override
    public String productName(Connection c) throws SQLException {
        return serverVersion(c).contains("MariaDB") ? "MariaDB" : "MySQL";
    }

    @Override
    public ServerProbe serverProbe() {
        return ServerProbe.MYSQL;
    }

    @Override
    public CommitCounter commitCounter() {
        return CommitCounter.COM_COMMIT;
    }

    @Override
    public String serverVersion(Connection c) throws SQLException {
        return SettingsQuery.single(c, "SELECT VERSION()");
    }

    @Override
    public Map<String, String> settings(Connection c) throws SQLException {
        return SettingsQuery.read(c, "SHOW GLOBAL VARIABLES");
    }

    /** The server takes - and _ alike in a variable's name, and reports it with _; sizes in bytes. */
    @Override
    public ReportedSetting setting(Connection c, String key) throws SQLException {
        String name = key.replace('-', '_');
        try (PreparedStatement s = c.prepareStatement("SHOW GLOBAL VARIABLES LIKE ?")) {
            s.setString(1, name);
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    if (rs.getString(1).equalsIgnoreCase(name)) {
                        return ReportedSetting.of(rs.getString(2), null);
                    }
                }
            }
        }
        return ReportedSetting.UNKNOWN;
    }
}
