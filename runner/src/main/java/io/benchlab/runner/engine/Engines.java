package io.benchlab.runner.engine;

import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The engine catalog. A new engine is one line here and one class beside it. */
public final class Engines {

    private static final List<Engine> ALL = List.of(
            new HsqldbEngine(false), new H2Engine(), new DerbyEngine(),
            new PostgresEngine(), new MysqlEngine("mysql"), new MysqlEngine("mariadb"), new HsqldbEngine(true));

    private Engines() {
    }

    public static List<Engine> all() {
        return ALL;
    }

    /** The engine of that name, in any case ({@code Postgres} is {@code postgres}). */
    public static Optional<Engine> find(String name) {
        return ALL.stream().filter(e -> e.name().equalsIgnoreCase(name.strip())).findFirst();
    }

    /** Engines whose driver takes this JDBC URL. */
    public static List<Engine> forUrl(String jdbcUrl) {
        return ALL.stream().filter(e -> e.jdbcUrlPrefixes().stream().anyMatch(jdbcUrl::startsWith)).toList();
    }

    public static String names() {
        return ALL.stream().map(Engine::name).collect(Collectors.joining(", "));
    }
}
