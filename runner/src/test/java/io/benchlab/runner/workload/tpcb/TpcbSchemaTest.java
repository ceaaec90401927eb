package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The DDL files parse into whole statements, for every engine of the catalog. */
class TpcbSchemaTest {

    static Stream<Engine> engines() {
        return Engines.all().stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void tableStatementsAreFourCreateTables(Engine engine) {
        List<String> ddl = TpcbSchema.tableStatements(engine);
        assertThat(ddl).hasSize(4);
        assertThat(ddl).allSatisfy(TpcbSchemaTest::wholeStatement);
        assertThat(ddl).allSatisfy(s -> assertThat(s).startsWithIgnoringCase("CREATE TABLE "));
        List<String> tables = ddl.stream()
                .map(s -> s.substring("CREATE TABLE ".length()).split("[\\s(]")[0].toLowerCase(Locale.ROOT))
                .toList();
        assertThat(tables).containsExactlyInAnyOrderElementsOf(TpcbSchema.TABLES);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("engines")
    void keyStatementsAreThreePrimaryKeys(Engine engine) {
        List<String> keys = TpcbSchema.keyStatements(engine);
        assertThat(keys).hasSize(3);
        assertThat(keys).allSatisfy(TpcbSchemaTest::wholeStatement);
        assertThat(keys).allSatisfy(s -> assertThat(s.toUpperCase(Locale.ROOT)).contains("PRIMARY KEY"));
        assertThat(String.join(" ", keys).toLowerCase(Locale.ROOT))
                .contains("branches").contains("tellers").contains("accounts").doesNotContain("history");
    }

    private static void wholeStatement(String sql) {
        assertThat(sql).isNotBlank();
        assertThat(sql).doesNotEndWith(";").doesNotContain("--").doesNotContain("\n");
        assertThat(sql).isEqualTo(sql.strip());
        // Parentheses balance: a statement was not cut in the middle.
        long open = sql.chars().filter(c -> c == '(').count();
        long close = sql.chars().filter(c -> c == ')').count();
        assertThat(open).isEqualTo(close);
    }
}
