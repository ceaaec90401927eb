package io.benchlab.runner.engine;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a server keeps its own statistics, as data: the counters read at every interval boundary
 * (each query's numbers are running totals; the sampler takes their deltas), the query that
 * samples its sessions by what they wait for, and how often that sample may be taken without
 * costing the server what it measures. Names are the server's, in lower case.
 *
 * <p>The sampler asks the same few queries many times a second, so each is prepared once for its
 * connection and run again ({@link Statements}). Made anew at each sample, as plain statements or
 * prepared ones, the JDBC drivers parsed the text each time (PgJDBC's {@code Parser.parseJdbcSql},
 * Connector/J's {@code StringInspector}, 1.4-1.5 kB of bytecode each) and C2 was still compiling
 * that parser 8-20 s into a measured phase (-XX:+PrintCompilation). Past PgJDBC's prepare
 * threshold the server keeps them prepared too.
 */
public record ServerProbe(String sources, List<Counters> counters, String waits, Duration waitsEvery) {

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
            Duration.ofMillis(100));

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
            Duration.ofSeconds(1));

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

    /**
     * The probe's statements on one connection: each query prepared on first use and kept until
     * the connection closes. Used by one thread at a time.
     */
    public static final class Statements {
        private final Connection connection;
        private final Map<String, PreparedStatement> prepared = new HashMap<>();

        public Statements(Connection connection) {
            this.connection = connection;
        }

        PreparedStatement of(String sql) throws SQLException {
            PreparedStatement s = prepared.get(sql);
            if (s == null) {
                s = connection.prepareStatement(sql);
                prepared.put(sql, s);
            }
            return s;
        }
    }

    /** Every counter of QUERIES, by name. */
    public static Map<String, Long> readCounters(Statements statements, List<Counters> queries) throws SQLException {
        Map<String, Long> values = new TreeMap<>();
        for (Counters q : queries) {
            try (ResultSet rs = statements.of(q.sql()).executeQuery()) {
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
            }
        }
        return values;
    }

    /** The sessions in each wait state, now. */
    public Map<String, Long> readWaits(Statements statements) throws SQLException {
        Map<String, Long> sessions = new TreeMap<>();
        try (ResultSet rs = statements.of(waits).executeQuery()) {
            while (rs.next()) {
                sessions.merge(rs.getString(1), rs.getLong(2), Long::sum);
            }
        }
        return sessions;
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
