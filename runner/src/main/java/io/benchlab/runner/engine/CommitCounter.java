package io.benchlab.runner.engine;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A server's own count of committed transactions, read on the run's admin connection before the
 * clients' first transaction and after the last client closed: the accounting closure holds the
 * clients' commits against it. {@code settle} makes what the admin connection did before count
 * ahead of the first read; {@code ownCommitsPerRead} is what each read adds to the count itself;
 * {@code slack}, how many commits the server may count of its own beyond the clients' (not a
 * disagreement).
 */
public record CommitCounter(String name, String settle, String read, int column, int ownCommitsPerRead, int slack) {

    /**
     * PostgreSQL 15 and later: the database's xact_commit. A backend reports its counts to shared
     * memory at most once a second, and at exit: each read forces its own report
     * (pg_stat_force_next_flush), so it counts one commit, its own, in the next read. The count
     * holds autovacuum's transactions too: one or two per table it visits, up to once a minute.
     */
    static final CommitCounter POSTGRES = new CommitCounter("pg_stat_database.xact_commit",
            "SELECT pg_stat_force_next_flush()",
            "SELECT pg_stat_force_next_flush(), xact_commit FROM pg_stat_database WHERE datname = current_database()",
            2, 1, 10);

    /** MySQL and MariaDB: the server's COMMIT statements, every session's; a status read commits nothing. */
    static final CommitCounter COM_COMMIT = new CommitCounter("Com_commit", null,
            "SHOW GLOBAL STATUS LIKE 'Com_commit'", 2, 0, 0);

    /**
     * ENGINE's counter for a run, or null: where it keeps none, and in autocommit, where a
     * transaction is one commit per statement (PostgreSQL) or none (MySQL's Com_commit).
     */
    public static CommitCounter forRun(Engine engine, boolean autocommit) {
        return autocommit ? null : engine.commitCounter();
    }

    /** Runs {@code settle}, if any: before the first read. */
    public void settle(Connection c) throws SQLException {
        if (settle != null) {
            try (Statement s = c.createStatement()) {
                s.execute(settle);
            }
        }
    }

    public long read(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(read)) {
            if (!rs.next()) {
                throw new SQLException(name + ": the server returned no row");
            }
            return rs.getLong(column);
        }
    }
}
