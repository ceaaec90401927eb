package io.benchlab.runner.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a server keeps its own statistics, as data: the counters read at every interval boundary
 * (each query's numbers are running totals; the sampler takes their deltas), the query that
 * samples its sessions by what they wait for, how often that sample may be taken without
 * costing the server what it measures, and whether the queries go as prepared statements, which
 * pays where the JDBC driver keeps a statement's parse for the connection. Names are the
 * server's, in lower case.
 */
public record ServerProbe(String sources, List<Counters> counters, String waits, Duration waitsEvery,
                          boolean prepared) {

    /** How a counters query gives its numbers. */
    public enum Shape {
        /** One row; each column is a counter named by its label. */
        COLUMNS,
        /** One row per counter: its name, then its value (SHOW STATUS). */
        NAME_VALUE
    }

    /** A counters query, used when {@code onlyIf} (a query of one boolean) is null or true on the server. */
    public record Counters(String onlyIf, String sql, Shape shape) {
    }

    private static final String PG_DATABASE_AND_WAL = "d.xact_commit, d.xact_rollback, d.blks_read, d.blks_hit,"
            + " d.tup_inserted, d.tup_updated, d.deadlocks, d.temp_files, d.temp_bytes,"
            + " w.wal_records, w.wal_fpi, w.wal_bytes::bigint AS wal_bytes, w.wal_buffers_full";

    /**
     * PostgreSQL 15 and later. Version 17 moved the checkpointer's counts out of pg_stat_bgwriter;
     * they keep their old names here, so a board reads one name across versions.
     */
    static final ServerProbe POSTGRES = new ServerProbe(
            "pg_stat_database, pg_stat_wal, pg_stat_bgwriter (pg_stat_checkpointer from 17), pg_stat_activity",
            List.of(new Counters("SELECT current_setting('server_version_num')::int < 170000",
                            "SELECT " + PG_DATABASE_AND_WAL + ", b.checkpoints_timed, b.checkpoints_req,"
                                    + " b.buffers_checkpoint, b.buffers_clean, b.maxwritten_clean, b.buffers_backend"
                                    + " FROM pg_stat_database d, pg_stat_wal w, pg_stat_bgwriter b"
                                    + " WHERE d.datname = current_database()", Shape.COLUMNS),
                    new Counters("SELECT current_setting('server_version_num')::int >= 170000",
                            "SELECT " + PG_DATABASE_AND_WAL + ", c.num_timed AS checkpoints_timed,"
                                    + " c.num_requested AS checkpoints_req, c.buffers_written AS buffers_checkpoint,"
                                    + " b.buffers_clean, b.maxwritten_clean"
                                    + " FROM pg_stat_database d, pg_stat_wal w, pg_stat_bgwriter b, pg_stat_checkpointer c"
                                    + " WHERE d.datname = current_database()", Shape.COLUMNS)),
            // Active sessions only: one idle in a transaction waits for its client, not the server.
            "SELECT coalesce(wait_event_type, 'CPU') || ':' || coalesce(wait_event, 'running'), count(*)"
                    + " FROM pg_stat_activity WHERE datname = current_database() AND state = 'active'"
                    + " AND backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1",
            // As often as active-session-history tools sample: the sampler thread took 0.50% of the
            // runner's CPU and tps held at 1.024x (python3 -m bench.overhead sampler, cc31662).
            Duration.ofMillis(100),
            // PgJDBC parses a plain statement's text anew each time, and C2 was still compiling its
            // parser (1.5 kB of bytecode) 8-12 s into a measured phase; a prepared one it parses
            // once a connection, and past its prepare threshold the server keeps it prepared too.
            true);

    /**
     * MySQL and MariaDB: the server's status counters (all sessions), and the run's database's
     * threads by state. The process list is read once a second, not ten times: MariaDB locks each
     * session to list it, and at 100 ms the sampler cost 0.949x of the tps (10 pairs, 532932b;
     * bench/README.md, "overhead").
     */
    static final ServerProbe MYSQL = new ServerProbe("SHOW GLOBAL STATUS, information_schema.PROCESSLIST",
            List.of(new Counters(null, "SHOW GLOBAL STATUS WHERE Variable_name IN ('Com_commit', 'Com_rollback',"
                    + " 'Handler_commit', 'Innodb_row_lock_waits', 'Innodb_row_lock_time', 'Innodb_deadlocks',"
                    + " 'Innodb_buffer_pool_read_requests', 'Innodb_buffer_pool_reads', 'Innodb_buffer_pool_write_requests',"
                    + " 'Innodb_data_fsyncs', 'Innodb_os_log_written', 'Innodb_log_waits', 'Bytes_received', 'Bytes_sent')",
                    Shape.NAME_VALUE)),
            "SELECT COALESCE(NULLIF(STATE, ''), 'running'), COUNT(*) FROM information_schema.PROCESSLIST"
                    + " WHERE COMMAND = 'Query' AND ID <> CONNECTION_ID() AND DB = DATABASE() GROUP BY 1",
            Duration.ofSeconds(1),
            // Connector/J parses a client-side prepared statement at each prepare: prepared, the
            // sampler thread took 0.42-0.44% of the runner's CPU on MariaDB against 0.29% plain.
            false);

    /** The counters queries this server answers: asked once, with one statement per conditional query. */
    public List<Counters> applicable(Connection c) throws SQLException {
        List<Counters> chosen = new java.util.ArrayList<>();
        for (Counters q : counters) {
            if (q.onlyIf() == null || bool(c, q.onlyIf())) {
                chosen.add(q);
            }
        }
        return chosen;
    }

    /** Every counter of QUERIES, by name. */
    public Map<String, Long> readCounters(Connection c, List<Counters> queries) throws SQLException {
        Map<String, Long> values = new TreeMap<>();
        for (Counters q : queries) {
            query(c, q.sql(), rs -> {
                if (q.shape() == Shape.NAME_VALUE) {
                    while (rs.next()) {
                        values.put(name(rs.getString(1)), rs.getLong(2));
                    }
                } else if (rs.next()) {
                    ResultSetMetaData meta = rs.getMetaData();
                    for (int i = 1; i <= meta.getColumnCount(); i++) {
                        values.put(name(meta.getColumnLabel(i)), rs.getLong(i));
                    }
                }
            });
        }
        return values;
    }

    /** The sessions in each wait state, now. */
    public Map<String, Long> readWaits(Connection c) throws SQLException {
        Map<String, Long> sessions = new TreeMap<>();
        query(c, waits, rs -> {
            while (rs.next()) {
                sessions.merge(rs.getString(1), rs.getLong(2), Long::sum);
            }
        });
        return sessions;
    }

    /** What is done with a query's rows. */
    @FunctionalInterface
    private interface Rows {
        void read(ResultSet rs) throws SQLException;
    }

    /** Runs SQL as {@link #prepared} says and hands its rows to ROWS. */
    private void query(Connection c, String sql, Rows rows) throws SQLException {
        if (prepared) {
            try (PreparedStatement s = c.prepareStatement(sql); ResultSet rs = s.executeQuery()) {
                rows.read(rs);
            }
        } else {
            try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                rows.read(rs);
            }
        }
    }

    private static boolean bool(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() && rs.getBoolean(1);
        }
    }

    private static String name(String serverName) {
        return serverName.toLowerCase(Locale.ROOT);
    }
}
