package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.StepTimer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The TPC-B transaction on one client's connection: update the account, read its balance,
 * update the teller and the branch, insert a history row, commit. Select-only runs just the
 * read. Prepared statements are made once; direct mode reuses one builder for its SQL.
 */
public final class TpcbTransaction implements AutoCloseable {

    static final String UPDATE_ACCOUNT = "UPDATE accounts SET abalance = abalance + ? WHERE aid = ?";
    static final String SELECT_ACCOUNT = "SELECT abalance FROM accounts WHERE aid = ?";
    static final String UPDATE_TELLER = "UPDATE tellers SET tbalance = tbalance + ? WHERE tid = ?";
    static final String UPDATE_BRANCH = "UPDATE branches SET bbalance = bbalance + ? WHERE bid = ?";
    static final String INSERT_HISTORY =
            "INSERT INTO history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

    private final Connection connection;
    private final boolean autocommit;
    private final boolean selectOnly;
    private final PreparedStatement updateAccount;
    private final PreparedStatement selectAccount;
    private final PreparedStatement updateTeller;
    private final PreparedStatement updateBranch;
    private final PreparedStatement insertHistory;
    private final Statement direct;
    private final StringBuilder sql = new StringBuilder(128);
    /** Set while the step that makes the transaction durable runs: its failure leaves the outcome unknown. */
    private boolean committing;

    public TpcbTransaction(Connection connection, boolean prepared, boolean autocommit, boolean selectOnly)
            throws SQLException {
        this.connection = connection;
        this.autocommit = autocommit;
        this.selectOnly = selectOnly;
        connection.setAutoCommit(autocommit);
        if (prepared) {
            selectAccount = connection.prepareStatement(SELECT_ACCOUNT);
            updateAccount = selectOnly ? null : connection.prepareStatement(UPDATE_ACCOUNT);
            updateTeller = selectOnly ? null : connection.prepareStatement(UPDATE_TELLER);
            updateBranch = selectOnly ? null : connection.prepareStatement(UPDATE_BRANCH);
            insertHistory = selectOnly ? null : connection.prepareStatement(INSERT_HISTORY);
            direct = null;
        } else {
            selectAccount = updateAccount = updateTeller = updateBranch = insertHistory = null;
            direct = connection.createStatement();
        }
    }

    /** Runs one transaction and returns the account balance it read. */
    public long execute(TxInput in, StepTimer timer) throws SQLException {
        committing = false;
        timer.start();
        long balance;
        if (direct == null) {
            balance = prepared(in, timer);
        } else {
            balance = direct(in, timer);
        }
        if (!autocommit) {
            committing = true;
            connection.commit();
            committing = false;
            timer.lap(Step.COMMIT);
        }
        return balance;
    }

    /**
     * True when the last {@link #execute} failed while committing (or, in autocommit mode, on its
     * last statement): the server may have committed it before the connection broke.
     */
    public boolean failedWhileCommitting() {
        return committing;
    }

    public void rollbackQuietly() {
        try {
            if (!autocommit && !connection.isClosed()) {
                connection.rollback();
            }
        } catch (SQLException ignored) {
            // The connection is broken; the caller counts the failure that got us here.
        }
    }

    private long prepared(TxInput in, StepTimer timer) throws SQLException {
        if (!selectOnly) {
            updateAccount.setInt(1, in.delta);
            updateAccount.setInt(2, in.aid);
            updateAccount.executeUpdate();
            timer.lap(Step.UPDATE_ACCOUNT);
        }
        selectAccount.setInt(1, in.aid);
        long balance = readBalance(selectAccount.executeQuery());
        timer.lap(Step.SELECT_ACCOUNT);
        if (selectOnly) {
            return balance;
        }
        updateTeller.setInt(1, in.delta);
        updateTeller.setInt(2, in.tid);
        updateTeller.executeUpdate();
        timer.lap(Step.UPDATE_TELLER);
        updateBranch.setInt(1, in.delta);
        updateBranch.setInt(2, in.bid);
        updateBranch.executeUpdate();
        timer.lap(Step.UPDATE_BRANCH);
        insertHistory.setInt(1, in.tid);
        insertHistory.setInt(2, in.bid);
        insertHistory.setInt(3, in.aid);
        insertHistory.setInt(4, in.delta);
        committing = autocommit;
        insertHistory.executeUpdate();
        committing = false;
        timer.lap(Step.INSERT_HISTORY);
        return balance;
    }

    private long direct(TxInput in, StepTimer timer) throws SQLException {
        if (!selectOnly) {
            direct.executeUpdate(fill(UPDATE_ACCOUNT, in.delta, in.aid));
            timer.lap(Step.UPDATE_ACCOUNT);
        }
        long balance = readBalance(direct.executeQuery(fill(SELECT_ACCOUNT, in.aid)));
        timer.lap(Step.SELECT_ACCOUNT);
        if (selectOnly) {
            return balance;
        }
        direct.executeUpdate(fill(UPDATE_TELLER, in.delta, in.tid));
        timer.lap(Step.UPDATE_TELLER);
        direct.executeUpdate(fill(UPDATE_BRANCH, in.delta, in.bid));
        timer.lap(Step.UPDATE_BRANCH);
        committing = autocommit;
        direct.executeUpdate(fill(INSERT_HISTORY, in.tid, in.bid, in.aid, in.delta));
        committing = false;
        timer.lap(Step.INSERT_HISTORY);
        return balance;
    }

    /** Replaces each {@code ?} of a template with the next value, in order. */
    private String fill(String template, int... values) {
        sql.setLength(0);
        int next = 0;
        for (int i = 0; i < template.length(); i++) {
            char ch = template.charAt(i);
            if (ch == '?') {
                sql.append(values[next++]);
            } else {
                sql.append(ch);
            }
        }
        return sql.toString();
    }

    private static long readBalance(ResultSet rs) throws SQLException {
        try (rs) {
            if (!rs.next()) {
                throw new SQLException("account row not found", "02000");
            }
            return rs.getLong(1);
        }
    }

    @Override
    public void close() throws SQLException {
        for (Statement s : new Statement[] {updateAccount, selectAccount, updateTeller, updateBranch, insertHistory, direct}) {
            if (s != null) {
                s.close();
            }
        }
    }
}
