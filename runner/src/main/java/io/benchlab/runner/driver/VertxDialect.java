package io.benchlab.runner.driver;

import com.mysql.cj.conf.ConnectionUrl;
import com.mysql.cj.conf.HostInfo;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.mysqlclient.MySQLConnection;
import io.vertx.mysqlclient.SslMode;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.pgclient.PgConnection;
import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.DatabaseException;
import io.vertx.sqlclient.SqlConnectOptions;
import io.vertx.sqlclient.SqlConnection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * All that {@link VertxClient} does differently per wire protocol, as data in one place (as
 * BenchBase keeps a dialect per database): the JDBC URL it takes, how it connects, its
 * placeholders, how a session is readied and a transaction opened, how a running statement is
 * cancelled, and what the server's errors say. Everything else runs on Vert.x's common
 * {@link SqlConnection}. Each protocol connects with what its JDBC driver gets from the engine's
 * {@code connectionProperties}, and refuses a URL parameter it would not honour rather than run
 * without it.
 */
enum VertxDialect {

    POSTGRES("postgres", "BEGIN", null) {
        /** What parseURL returns of a plain jdbc:postgresql://host:port/database: nothing else is honoured. */
        private static final Set<String> PLAIN_URL = Set.of("PGHOST", "PGPORT", "PGDBNAME", "user", "password");

        @Override
        Endpoint endpoint(Target target) {
            Properties url = Driver.parseURL(target.jdbcUrl(), new Properties());
            if (url == null) {
                throw new BadInputException("--driver vertx: not a PostgreSQL URL: " + target.redactedUrl());
            }
            Set<String> extra = new TreeSet<>(url.stringPropertyNames());
            extra.removeAll(PLAIN_URL);
            String host = url.getProperty("PGHOST");
            refuse(extra, host.contains(","));
            return new Endpoint(new PgConnectOptions()
                    .setHost(host)
                    .setPort(Integer.parseInt(url.getProperty("PGPORT")))
                    .setDatabase(url.getProperty("PGDBNAME"))
                    .setUser(target.user())
                    .setPassword(target.password().reveal())
                    .setConnectTimeout(CONNECT_TIMEOUT_MILLIS)
                    // BEGIN and the first statement in flight together, as pgjdbc sends them; the
                    // client sends each other statement only once the one before has answered.
                    .setPipeliningLimit(2)
                    .setCachePreparedStatements(true)
                    .addProperty("application_name", "benchlab"), List.of());
        }

        @Override
        Future<SqlConnection> connect(Vertx vertx, SqlConnectOptions options) {
            return PgConnection.connect(vertx, (PgConnectOptions) options).map(c -> c);
        }

        /** PostgreSQL's $1, $2 ... for JDBC's ?s. */
        @Override
        String sql(String jdbcSql) {
            Matcher m = PLACEHOLDER.matcher(jdbcSql);
            StringBuilder out = new StringBuilder();
            int n = 0;
            while (m.find()) {
                m.appendReplacement(out, "\\$" + ++n);
            }
            return m.appendTail(out).toString();
        }

        @Override
        String isolation(Isolation level) {
            return "SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL " + level.name().replace('_', ' ');
        }

        /** A request of the protocol's own, on a connection of its own, with the session's secret key. */
        @Override
        void cancel(VertxClients vertx, SqlConnection c, long session) {
            ((PgConnection) c).cancelRequest();
        }

        @Override
        String message(DatabaseException e) {
            return e instanceof PgException pg ? pg.getErrorMessage() : e.getMessage();
        }
    },

    /**
     * MySQL and MariaDB. The session runs with autocommit off, as Connector/J's does: a
     * transaction opens with its first statement, and no BEGIN is sent.
     */
    MYSQL("mysql", null, "SELECT CONNECTION_ID()") {
        /** What a Connector/J URL may carry that this client honours; dbname, host and port are the URL's own. */
        private static final Set<String> HONOURED = Set.of("dbname", "host", "port", "user", "password", "sslMode",
                "sessionVariables");
        /** The SSL modes that Connector/J runs without a trust store of its own: the server's certificate is not checked. */
        private static final Set<SslMode> UNVERIFIED = Set.of(SslMode.DISABLED, SslMode.PREFERRED, SslMode.REQUIRED);

        @Override
        Endpoint endpoint(Target target) {
            ConnectionUrl url;
            try {
                url = ConnectionUrl.getConnectionUrlInstance(target.jdbcUrl(), null);
            } catch (RuntimeException e) {
                throw new BadInputException("--driver vertx: not a MySQL URL: " + target.redactedUrl());
            }
            HostInfo host = url.getMainHost();
            Map<String, String> properties = host.getHostProperties();
            Set<String> extra = new TreeSet<>(properties.keySet());
            extra.removeAll(HONOURED);
            refuse(extra, url.hostsCount() > 1 || url.getType() != ConnectionUrl.Type.SINGLE_CONNECTION);
            SslMode ssl = sslMode(properties.getOrDefault("sslMode", "PREFERRED"));
            return new Endpoint(new MySQLConnectOptions()
                    .setHost(host.getHost())
                    .setPort(host.getPort())
                    .setDatabase(host.getDatabase())
                    .setUser(target.user())
                    .setPassword(target.password().reveal())
                    .setConnectTimeout(CONNECT_TIMEOUT_MILLIS)
                    .setSslMode(ssl)
                    .setTrustAll(ssl != SslMode.DISABLED)
                    .setCachePreparedStatements(true), sessionVariables(properties.get("sessionVariables")));
        }

        /** Connector/J's modes, by its names; the two that check the server's certificate need --driver jdbc's trust store. */
        private static SslMode sslMode(String name) {
            SslMode mode;
            try {
                mode = SslMode.valueOf(name.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--driver vertx: sslMode " + name + " is not one of DISABLED, PREFERRED,"
                        + " REQUIRED");
            }
            if (!UNVERIFIED.contains(mode)) {
                throw new BadInputException("--driver vertx takes sslMode DISABLED, PREFERRED or REQUIRED; " + name
                        + " checks the server's certificate, which only --driver jdbc does");
            }
            return mode;
        }

        /** Connector/J's sessionVariables=a=1,b=2, as SET SESSION statements run once a connection opens. */
        private static List<String> sessionVariables(String list) {
            List<String> sets = new ArrayList<>();
            if (list != null) {
                for (String pair : list.split(",")) {
                    if (!SESSION_VARIABLE.matcher(pair.strip()).matches()) {
                        throw new BadInputException("--driver vertx: sessionVariables takes name=value pairs of"
                                + " letters, digits and _; got " + pair.strip());
                    }
                    sets.add("SET SESSION " + pair.strip());
                }
            }
            return sets;
        }

        @Override
        Future<SqlConnection> connect(Vertx vertx, SqlConnectOptions options) {
            return MySQLConnection.connect(vertx, (MySQLConnectOptions) options).map(c -> c);
        }

        @Override
        String sql(String jdbcSql) {
            return jdbcSql;
        }

        @Override
        String isolation(Isolation level) {
            return "SET SESSION TRANSACTION ISOLATION LEVEL " + level.name().replace('_', ' ');
        }

        @Override
        List<String> session(Isolation level, Endpoint endpoint) {
            List<String> sql = new ArrayList<>(super.session(level, endpoint));
            sql.add("SET autocommit = 0");
            return sql;
        }

        /**
         * As Connector/J cancels: KILL QUERY on a connection of its own. It ends the statement
         * the session runs when it arrives, not the session or its transaction.
         */
        @Override
        void cancel(VertxClients vertx, SqlConnection c, long session) {
            connect(vertx.vertx(), vertx.endpoint().options()).onSuccess(killer ->
                    killer.query("KILL QUERY " + session).execute().onComplete(ar -> killer.close()));
        }

        /**
         * Connector/J's SQLSTATE where it differs from the server's: it reports a lock wait
         * timeout as a serialization failure, and failures are counted by SQLSTATE class.
         */
        @Override
        String sqlState(DatabaseException e) {
            return e.getErrorCode() == LOCK_WAIT_TIMEOUT ? "40001" : e.getSqlState();
        }

        /** Vert.x spells its MySQL errors {errorMessage=..., errorCode=..., sqlState=...}: the server's words are the first. */
        @Override
        String message(DatabaseException e) {
            Matcher m = MYSQL_ERROR.matcher(e.getMessage());
            return m.matches() ? m.group(1) : e.getMessage();
        }
    };

    /** What pgjdbc and Connector/J give a connection to open (their connectTimeout). */
    static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** MySQL's ER_LOCK_WAIT_TIMEOUT. */
    private static final int LOCK_WAIT_TIMEOUT = 1205;
    private static final Pattern PLACEHOLDER = Pattern.compile("\\?");
    private static final Pattern MYSQL_ERROR = Pattern.compile("\\{errorMessage=(.*), errorCode=-?\\d+, sqlState=[^}]*}",
            Pattern.DOTALL);
    private static final Pattern SESSION_VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=[A-Za-z0-9_.']+");

    private final String engineDialect;
    private final String begin;
    private final String sessionQuery;

    VertxDialect(String engineDialect, String begin, String sessionQuery) {
        this.engineDialect = engineDialect;
        this.begin = begin;
        this.sessionQuery = sessionQuery;
    }

    /** Where and as whom to connect, and what to run once connected. */
    record Endpoint(SqlConnectOptions options, List<String> sessionSql) {
    }

    /** The dialect of ENGINE's wire protocol (by its SQL dialect: MySQL and MariaDB share one); null when Vert.x speaks none. */
    static VertxDialect of(Engine engine) {
        for (VertxDialect d : values()) {
            if (d.engineDialect.equals(engine.dialect())) {
                return d;
            }
        }
        return null;
    }

    /** Where and as whom to connect. A URL parameter this client would not honour is refused. */
    abstract Endpoint endpoint(Target target);

    abstract Future<SqlConnection> connect(Vertx vertx, SqlConnectOptions options);

    /** The statement in this protocol's spelling of JDBC's placeholders. */
    abstract String sql(String jdbcSql);

    /** The statement that sets the session's isolation level. */
    abstract String isolation(Isolation level);

    /** What readies a new session, in order: the isolation level, where one is asked for, and the URL's session variables. */
    List<String> session(Isolation level, Endpoint endpoint) {
        List<String> sql = new ArrayList<>();
        if (level.jdbcLevel() >= 0) {
            sql.add(isolation(level));
        }
        sql.addAll(endpoint.sessionSql());
        return sql;
    }

    /** What opens a transaction, sent with its first statement; null where the session's transactions open by themselves. */
    final String begin() {
        return begin;
    }

    /** The query that names the session for {@link #cancel}, run once it opens; null where the protocol needs none. */
    final String sessionQuery() {
        return sessionQuery;
    }

    /** Asks the server to cancel what the session {@code session} (as {@link #sessionQuery} named it) runs on {@code c}. */
    abstract void cancel(VertxClients vertx, SqlConnection c, long session);

    /** The server's own words for its error. */
    abstract String message(DatabaseException e);

    /** The error's SQLSTATE as the JDBC driver reports it. */
    String sqlState(DatabaseException e) {
        return e.getSqlState();
    }

    /** The server's error with its SQLSTATE and error code, as the JDBC driver would throw it; null for anything else. */
    final SQLException error(Throwable t) {
        if (t instanceof DatabaseException db) {
            return new SQLException(message(db), sqlState(db), db.getErrorCode());
        }
        return null;
    }

    private static void refuse(Set<String> extra, boolean severalHosts) {
        if (!extra.isEmpty() || severalHosts) {
            throw new BadInputException("--driver vertx takes a plain host:port/database URL;"
                    + " this one has " + (extra.isEmpty() ? "several hosts" : "parameters " + extra)
                    + ", which only --driver jdbc honours");
        }
    }
}
