package io.benchlab.runner.engine;

import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.function.IntUnaryOperator;
import org.postgresql.PGConnection;

/** PostgreSQL through pgjdbc: COPY for the load, keys after it, then VACUUM ANALYZE, as pgbench -i. */
final class PostgresEngine implements ServerEngine {

    /** The settings the durability profiles are made of; always read back, even when at their defaults. */
    private static final List<Profile> PROFILES = List.of(
            new Profile("durable", "every commit flushed to disk", true,
                    Map.of("synchronous_commit", "on", "fsync", "on")),
            new Profile("relaxed", "commits not waited for, no fsync", true,
                    Map.of("synchronous_commit", "off", "fsync", "off")));

    @Override
    public String name() {
        return "postgres";
    }

    @Override
    public boolean speaksVertx() {
        return true;
    }

    @Override
    public String description() {
        return "PostgreSQL server (pgjdbc " + org.postgresql.util.DriverInfo.DRIVER_VERSION + ")";
    }

    @Override
    public List<String> jdbcUrlPrefixes() {
        return List.of("jdbc:postgresql:");
    }

    @Override
    public String dialect() {
        return "postgres";
    }

    @Override
    public List<Profile> profiles() {
        return PROFILES;
    }

    @Override
    public String defaultUser() {
        return "postgres";
    }

    /** Sockets from {@link BlockingSocketFactory}: one blocking read per server answer, not read-poll-read. */
    @Override
    public Map<String, String> connectionProperties() {
        return Map.of("connectTimeout", "10", "ApplicationName", "benchlab",
                "socketFactory", BlockingSocketFactory.class.getName());
    }

    @Override
    public boolean keysAfterLoad() {
        return true;
    }

    @Override
    public AccountsCopy accountsCopy() {
        return (c, first, last, branchOf, progress) -> {
            try {
                // TRUNCATE in the same transaction lets COPY write frozen rows, as pgbench -i does.
                try (var s = c.createStatement()) {
                    s.execute("TRUNCATE accounts");
                }
                c.unwrap(PGConnection.class).getCopyAPI().copyIn(
                        "COPY accounts (aid, bid, abalance, filler) FROM STDIN (FREEZE)",
                        new AccountRows(first, last, branchOf, progress));
            } catch (IOException e) {
                if (e.getCause() instanceof SQLException stop) {
                    throw stop;
                }
                throw new SQLException("COPY into accounts failed: " + e.getMessage(), "58030", e);
            }
        };
    }

    /** More memory for the primary-key sorts of this session, as a DBA would give a bulk load. */
    @Override
    public List<String> prepareLoad(Connection c) throws SQLException {
        try (var s = c.createStatement()) {
            s.execute("SET maintenance_work_mem = '256MB'");
        }
        return List.of("RESET maintenance_work_mem");
    }

    @Override
    public List<String> afterLoad() {
        return List.of("VACUUM ANALYZE branches", "VACUUM ANALYZE tellers", "VACUUM ANALYZE accounts",
                "VACUUM ANALYZE history");
    }

    /** max_connections, less the slots reserved for superusers (and, from 16, pg_use_reserved_connections), less those in use. */
    @Override
    public ConnectionSlots connectionSlots(Connection c) throws SQLException {
        try (var s = c.createStatement(); var rs = s.executeQuery("SELECT current_setting('max_connections')::int,"
                + " current_setting('superuser_reserved_connections')::int"
                + " + COALESCE(current_setting('reserved_connections', true), '0')::int,"
                + " (SELECT count(*) FROM pg_stat_activity WHERE backend_type = 'client backend')")) {
            rs.next();
            int max = rs.getInt(1);
            int reserved = rs.getInt(2);
            int used = rs.getInt(3);
            return new ConnectionSlots(max - reserved - used,
                    "max_connections " + max + ", " + reserved + " reserved, " + used + " in use");
        }
    }

    @Override
    public ServerProbe serverProbe() {
        return ServerProbe.POSTGRES;
    }

    @Override
    public CommitCounter commitCounter() {
        return CommitCounter.POSTGRES;
    }

    @Override
    public String serverVersion(Connection c) throws SQLException {
        return SettingsQuery.single(c, "SELECT version()");
    }

    /**
     * Every setting not at its built-in default, plus the ones the profiles are made of, as the
     * server shows them (512MB, not pg_settings' 65536 units of 8kB).
     */
    @Override
    public Map<String, String> settings(Connection c) throws SQLException {
        return SettingsQuery.read(c, "SELECT name, current_setting(name) FROM pg_settings"
                + " WHERE source <> 'default' OR name IN ('synchronous_commit', 'fsync', 'full_page_writes')");
    }

    /**
     * As SHOW displays it (256MB), with pg_settings' unit of a bare number (8kB for shared_buffers),
     * and whether an enum's value is the one from the command line, under the server's name for it.
     * Names are case-insensitive; a custom setting (one with a dot) is in no pg_settings row but
     * current_setting knows it.
     */
    @Override
    public ReportedSetting setting(Connection c, String key) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(
                "SELECT current_setting(name), unit, vartype = 'enum' AND source = 'command line' FROM pg_settings"
                        + " WHERE name = lower(?)")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                if (rs.next()) {
                    return ReportedSetting.of(rs.getString(1), rs.getString(2), rs.getBoolean(3));
                }
            }
        }
        try (PreparedStatement s = c.prepareStatement("SELECT current_setting(?, true)")) {
            s.setString(1, key);
            try (ResultSet rs = s.executeQuery()) {
                String custom = rs.next() ? rs.getString(1) : null;
                return custom == null ? ReportedSetting.UNKNOWN : ReportedSetting.of(custom, null);
            }
        }
    }

    /**
     * The account rows as COPY text, made on the fly as ASCII bytes (no per-row strings or
     * charset encoding): "aid TAB bid TAB 0 TAB" with an empty filler that the CHAR(84) column
     * pads, as pgbench sends it.
     */
    private static final class AccountRows extends InputStream {
        private static final int REPORT_EVERY = 10_000;
        private final int first;
        private final int last;
        private final IntUnaryOperator branchOf;
        private final RowsDone progress;
        private int next;
        private final byte[] line = new byte[32];
        private int length;
        private int pos;

        AccountRows(int first, int last, IntUnaryOperator branchOf, RowsDone progress) {
            this.first = first;
            this.next = first;
            this.last = last;
            this.branchOf = branchOf;
            this.progress = progress;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] buf, int off, int len) throws IOException {
            int n = 0;
            while (n < len) {
                if (pos == length) {
                    if (next > last) {
                        return n == 0 ? -1 : n;
                    }
                    if ((next - first) % REPORT_EVERY == 0) {
                        report(next - first);
                    }
                    fill(next, branchOf.applyAsInt(next));
                    next++;
                }
                int take = Math.min(len - n, length - pos);
                System.arraycopy(line, pos, buf, off + n, take);
                pos += take;
                n += take;
            }
            return n;
        }

        private void fill(int aid, int bid) {
            length = 0;
            pos = 0;
            digits(aid);
            line[length++] = '\t';
            digits(bid);
            line[length++] = '\t';
            line[length++] = '0';
            line[length++] = '\t';
            line[length++] = '\n';
        }

        private void digits(int value) {
            int start = length;
            do {
                line[length++] = (byte) ('0' + value % 10);
                value /= 10;
            } while (value > 0);
            for (int i = start, j = length - 1; i < j; i++, j--) {
                byte t = line[i];
                line[i] = line[j];
                line[j] = t;
            }
        }

        private void report(long done) throws IOException {
            try {
                progress.rows(done);
            } catch (SQLException stop) {
                throw new IOException(stop.getMessage(), stop);
            }
        }
    }
}
