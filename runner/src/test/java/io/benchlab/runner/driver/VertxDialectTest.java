package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.driver.VertxDialect.Endpoint;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.mysqlclient.MySQLException;
import io.vertx.mysqlclient.SslMode;
import io.vertx.pgclient.PgConnectOptions;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What each protocol's dialect makes of a target: where it connects and with what, how it
 * readies a session, its placeholders, and the server's errors as the JDBC driver would throw
 * them (the bad URLs are {@code RunnerBadInputTest}'s).
 */
class VertxDialectTest {

    private static final Secret PASSWORD = Secret.random();

    @Test
    void eachServerEngineWithAnEventLoopClientHasItsDialectAndNoOtherEngineHasOne() {
        for (Engine e : Engines.all()) {
            assertThat(VertxDialect.of(e) != null).as(e.name()).isEqualTo(e.speaksVertx());
        }
        assertThat(VertxDialect.of(engine("mariadb"))).isSameAs(VertxDialect.MYSQL).isSameAs(VertxDialect.of(engine("mysql")));
    }

    @Test
    void postgresConnectsToThePlainUrlAndNumbersItsPlaceholders() {
        Endpoint e = VertxDialect.POSTGRES.endpoint(target("postgres", "jdbc:postgresql://db.example:6432/bench"));
        PgConnectOptions o = (PgConnectOptions) e.options();
        assertThat(List.<Object>of(o.getHost(), o.getPort(), o.getDatabase(), o.getUser(), o.getPassword()))
                .containsExactly("db.example", 6432, "bench", "u", PASSWORD.reveal());
        assertThat(VertxDialect.POSTGRES.sql("UPDATE t SET a = a + ? WHERE id = ?"))
                .isEqualTo("UPDATE t SET a = a + $1 WHERE id = $2");
        assertThat(VertxDialect.POSTGRES.begin()).isEqualTo("BEGIN");
        assertThat(VertxDialect.POSTGRES.session(Isolation.SERIALIZABLE, e))
                .containsExactly("SET SESSION CHARACTERISTICS AS TRANSACTION ISOLATION LEVEL SERIALIZABLE");
    }

    /** As Connector/J with the engine's properties: sslMode PREFERRED, the certificate not checked. */
    @Test
    void mysqlConnectsAsConnectorJWouldAndRunsWithAutocommitOff() {
        Endpoint e = VertxDialect.MYSQL.endpoint(target("mariadb", "jdbc:mysql://127.0.0.1:53306/bench"));
        MySQLConnectOptions o = (MySQLConnectOptions) e.options();
        assertThat(List.<Object>of(o.getHost(), o.getPort(), o.getDatabase(), o.getUser(), o.getPassword()))
                .containsExactly("127.0.0.1", 53306, "bench", "u", PASSWORD.reveal());
        assertThat(o.getSslMode()).isEqualTo(SslMode.PREFERRED);
        assertThat(o.isTrustAll()).isTrue();
        assertThat(VertxDialect.MYSQL.sql("SELECT ? + ?")).isEqualTo("SELECT ? + ?");
        assertThat(VertxDialect.MYSQL.begin()).as("no BEGIN: the session's autocommit is off").isNull();
        assertThat(VertxDialect.MYSQL.session(Isolation.DEFAULT, e)).containsExactly("SET autocommit = 0");
    }

    @Test
    void mysqlTakesTheUrlsSslModeAndSessionVariables() {
        Endpoint e = VertxDialect.MYSQL.endpoint(target("mysql",
                "jdbc:mysql://h/bench?sslMode=DISABLED&sessionVariables=innodb_lock_wait_timeout=0,sql_mode='ANSI'"));
        assertThat(((MySQLConnectOptions) e.options()).getSslMode()).isEqualTo(SslMode.DISABLED);
        assertThat(((MySQLConnectOptions) e.options()).isTrustAll()).isFalse();
        assertThat(VertxDialect.MYSQL.session(Isolation.READ_COMMITTED, e)).containsExactly(
                "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED",
                "SET SESSION innodb_lock_wait_timeout=0", "SET SESSION sql_mode='ANSI'", "SET autocommit = 0");
    }

    /** The error code is what MysqlEngine retries by (1213 deadlock, 1205 lock wait timeout); the SQLSTATE is Connector/J's. */
    @Test
    void aServerErrorKeepsItsSqlStateAndCode() {
        SQLException e = VertxDialect.MYSQL.error(new MySQLException("Deadlock found", 1213, "40001"));
        assertThat(List.<Object>of(e.getMessage(), e.getSQLState(), e.getErrorCode()))
                .containsExactly("Deadlock found", "40001", 1213);
        SQLException wait = VertxDialect.MYSQL.error(new MySQLException("Lock wait timeout exceeded", 1205, "HY000"));
        assertThat(engine("mariadb").isRetryable(wait)).isTrue();
        assertThat(wait.getSQLState()).as("Connector/J's, by which failures are counted").isEqualTo("40001");
        assertThat((Object) VertxDialect.MYSQL.error(new IllegalStateException("closed"))).isNull();
    }

    private static Target target(String engine, String url) {
        Engine e = engine(engine);
        return new Target(e, e.defaultProfile(), url, "u", PASSWORD, false);
    }

    private static Engine engine(String name) {
        return Engines.find(name).orElseThrow();
    }
}
