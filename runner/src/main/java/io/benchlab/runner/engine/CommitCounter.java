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
 * disagreement). Where the server's background work commits too, {@code read} also returns, in
 * column {@code backgroundColumn} (0: none), how many such pieces of work it did so far, and
 * each may add {@code slackPerBackground} commits more.
 */
public record CommitCounter(String name, String settle, String read, int column, int ownCommitsPerRead, int slack,
                            int backgroundColumn, int slackPerBackground) {

    /**
     * PostgreSQL 15 and later: the database's xact_commit. A backend reports its counts to shared
     * memory at most once a second, and at exit: each read forces its own report
     * (pg_stat_force_next_flush), so it counts one commit, its own, in the next read. The count
     * holds autovacuum's transactions too, and after a load it vacuums and analyzes every table:
     * a transaction per table vacuumed or analyzed, its toast table's apart, and a few for each
     * visit of a worker (measured with autovacuum_naptime at 2 s: 29-54 commits beyond the
     * clients' with 15-27 vacuums and analyzes, about 2 a piece). The same read counts those
     * vacuums and analyzes over the database's tables, and each may add 3 commits.
     */
    static final CommitCounter POSTGRES = new CommitCounter("pg_stat_database.xact_commit",
            "SELECT pg_stat_force_next_flush()",
            "SELECT pg_stat_force_next_flush(), xact_commit, (SELECT coalesce(sum(autovacuum_count + autoanalyze_count), 0)"
                    + " FROM pg_stat_all_tables) FROM pg_stat_database WHERE datname = current_database()",
            2, 1, 10, 3, 3);

    /** MySQL and MariaDB: the server's COMMIT statements, every session's; a status read commits nothing. */
    static final CommitCounter COM_COMMIT = new CommitCounter("Com_commit", null,
            "SHOW GLOBAL STATUS LIKE 'Com_commit'", 2, 0, 0, 0, 0);

    /** A read: the server's commits so far, and the pieces of background work that commit too (0 where none are counted). */
    public record Reading(long commits, long background) {
    }

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

    public Reading read(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(read)) {
            if (!rs.next()) {
                throw new SQLException(name + ": the server returned no row");
            }
            return new Reading(rs.getLong(column), backgroundColumn == 0 ? 0 : rs.getLong(backgroundColumn));
        }
    }
}
