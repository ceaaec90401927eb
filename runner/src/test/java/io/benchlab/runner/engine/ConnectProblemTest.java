package io.benchlab.runner.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each engine names a connection problem by the standard SQLStates, and by its own driver's
 * codes or texts where the driver says it otherwise; one engine's words name nothing in another's.
 * (ServerBadInputIT sees the real servers say them.)
 */
class ConnectProblemTest {

    static Stream<Arguments> cases() {
        return Stream.of(
                // The standard's classes, for every engine.
                of("postgres", "08001", 0, "Connection refused", ConnectProblem.UNREACHABLE),
                of("derby", "08004", 40000, "Connection refused", ConnectProblem.UNREACHABLE),
                of("postgres", "28P01", 0, "password authentication failed", ConnectProblem.AUTHENTICATION),
                of("hsqldb-server", "28501", -4001, "invalid authorization specification", ConnectProblem.AUTHENTICATION),
                of("postgres", "3D000", 0, "database \"nope\" does not exist", ConnectProblem.NO_DATABASE),
                of("h2", "42000", 42000, "Syntax error", null),
                of("postgres", null, 0, null, null),
                // MySQL's and MariaDB's codes, behind SQLStates that say less.
                of("mariadb", "28000", 1045, "Access denied for user", ConnectProblem.AUTHENTICATION),
                of("mysql", "42000", 1049, "Unknown database 'nope'", ConnectProblem.NO_DATABASE),
                of("mariadb", "42000", 1044, "Access denied for user to database 'nope'",
                        ConnectProblem.NO_DATABASE_OR_ACCESS),
                of("mysql", "42000", 1064, "You have an error in your SQL syntax", null),
                of("mariadb", "08S01", 0, "Communications link failure", ConnectProblem.UNREACHABLE),
                of("postgres", "42000", 1049, "Unknown database", null),
                // The HSQLDB server's text for a database it does not serve.
                of("hsqldb-server", "08000", -1, "Database does not exist", ConnectProblem.UNREACHABLE),
                of("hsqldb-server", "S1000", -458, "General error: database alias does not exist",
                        ConnectProblem.NO_DATABASE),
                of("hsqldb-server", "S1000", -458, "General error", null),
                of("postgres", "XX000", 0, "database alias does not exist", null));
    }

    @ParameterizedTest(name = "{0} {1} {2}: {4}")
    @MethodSource("cases")
    void theEngineNamesTheProblem(String engine, String state, int code, String message, ConnectProblem expected) {
        SQLException e = new SQLException(message, state, code);
        assertThat(Engines.find(engine).orElseThrow().connectProblem(e)).isEqualTo(expected);
    }

    private static Arguments of(String engine, String state, int code, String message, ConnectProblem expected) {
        return Arguments.of(engine, state, code, message, expected);
    }
}
