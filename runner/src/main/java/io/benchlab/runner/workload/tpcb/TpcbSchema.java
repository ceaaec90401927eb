package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.engine.Engine;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The TPC-B tables, from {@code ddl.sql} and {@code keys.sql} in this package, or from
 * {@code ddl-<dialect>.sql} / {@code keys-<dialect>.sql} where an engine needs its own.
 */
public final class TpcbSchema {

    /** Dropped in this order, so that nothing refers to a table already gone. */
    public static final List<String> TABLES = List.of("history", "accounts", "tellers", "branches");

    private TpcbSchema() {
    }

    public static List<String> tableStatements(Engine engine) {
        return statements(engine, "ddl");
    }

    public static List<String> keyStatements(Engine engine) {
        return statements(engine, "keys");
    }

    public static void create(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
        commitUnlessAuto(c);
    }

    /** Drops whatever TPC-B tables exist, so that a re-init starts from nothing. */
    public static void drop(Connection c) throws SQLException {
        for (String table : TABLES) {
            if (exists(c, table)) {
                try (Statement s = c.createStatement()) {
                    s.execute("DROP TABLE " + table);
                }
                commitUnlessAuto(c);
            }
        }
    }

    /** True when all four tables are there. */
    public static boolean present(Connection c) throws SQLException {
        for (String table : TABLES) {
            if (!exists(c, table)) {
                return false;
            }
        }
        return true;
    }

    /** The scale the loaded data has: its number of branches. */
    public static int loadedScale(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM branches")) {
            rs.next();
            int scale = rs.getInt(1);
            commitUnlessAuto(c);
            return scale;
        }
    }

    // Probing with a query works the same on every engine, unlike metadata name casing.
    private static boolean exists(Connection c, String table) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.executeQuery("SELECT 1 FROM " + table + " WHERE 1 = 0").close();
            commitUnlessAuto(c);
            return true;
        } catch (SQLException missing) {
            if (!c.getAutoCommit()) {
                c.rollback();
            }
            return false;
        }
    }

    static void commitUnlessAuto(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.commit();
        }
    }

    private static List<String> statements(Engine engine, String kind) {
        String text = resource(kind + "-" + engine.dialect() + ".sql");
        if (text == null) {
            text = resource(kind + ".sql");
        }
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            current.append(current.length() == 0 ? "" : " ").append(trimmed);
            if (trimmed.endsWith(";")) {
                current.setLength(current.length() - 1);
                out.add(current.toString());
                current.setLength(0);
            }
        }
        return out;
    }

    private static String resource(String name) {
        try (InputStream in = TpcbSchema.class.getResourceAsStream(name)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
