package io.benchlab.runner.engine;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.TreeMap;

/** Reads name/value pairs from a two-column query, which is how most engines expose settings. */
final class SettingsQuery {

    private SettingsQuery() {
    }

    static Map<String, String> read(Connection c, String sql) throws SQLException {
        Map<String, String> settings = new TreeMap<>();
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                String value = rs.getString(2);
                settings.put(rs.getString(1), value == null ? "" : value.trim());
            }
        }
        return settings;
    }

    static String single(Connection c, String sql) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }
}
