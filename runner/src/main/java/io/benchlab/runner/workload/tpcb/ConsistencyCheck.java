package io.benchlab.runner.workload.tpcb;

import io.benchlab.results.Consistency.Sums;
import io.benchlab.runner.Defaults;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * The TPC-B consistency condition: the branch, teller and account balance sums all equal the
 * sum of history deltas. Also counts history rows, to hold the committed count against.
 */
public final class ConsistencyCheck {

    private ConsistencyCheck() {
    }

    public static Sums sums(Connection c) throws SQLException {
        return sums(c, Defaults.CHECK_TIMEOUT);
    }

    /** The sums, each query cancelled after {@code timeout} (whole seconds, at least one: JDBC's unit). */
    public static Sums sums(Connection c, Duration timeout) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout((int) Math.max(1, Math.min(Integer.MAX_VALUE, (timeout.toMillis() + 999) / 1000)));
            long branches = one(s, "SELECT COALESCE(SUM(bbalance), 0) FROM branches");
            long tellers = one(s, "SELECT COALESCE(SUM(tbalance), 0) FROM tellers");
            long accounts = one(s, "SELECT COALESCE(SUM(abalance), 0) FROM accounts");
            long history;
            long historyRows;
            try (ResultSet rs = s.executeQuery("SELECT COALESCE(SUM(delta), 0), COUNT(*) FROM history")) {
                rs.next();
                history = rs.getLong(1);
                historyRows = rs.getLong(2);
            }
            TpcbSchema.commitUnlessAuto(c);
            return new Sums(branches, tellers, accounts, history, historyRows);
        }
    }

    private static long one(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    public static String describe(Sums sums) {
        return "branches " + sums.branches() + ", tellers " + sums.tellers() + ", accounts " + sums.accounts()
                + ", history " + sums.history() + " (" + sums.historyRows() + " rows)";
    }
}
