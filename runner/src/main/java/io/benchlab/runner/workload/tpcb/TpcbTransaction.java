package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.StepTimer;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;

/**
 * The TPC-B transaction on one client's connection: update the account, read its balance,
 * update the teller and the branch, insert a history row, commit. Select-only runs just the
 * read. Prepared statements are made once; direct mode reuses one builder for its SQL.
 *
 * <p>In autocommit mode every statement commits on its own, so a failed transaction cannot be
 * run again from the top: the statements before the failure have landed. {@link #execute}
 * then resumes at the statement that failed, and {@link #landed()} tells which ones are in.
 */
public final class TpcbTransaction implements AutoCloseable {

    static final String UPDATE_ACCOUNT = "UPDATE accounts SET abalance = abalance + ? WHERE aid = ?";
    static final String SELECT_ACCOUNT = "SELECT abalance FROM accounts WHERE aid = ?";
    static final String UPDATE_TELLER = "UPDATE tellers SET tbalance = tbalance + ? WHERE tid = ?";
    static final String UPDATE_BRANCH = "UPDATE branches SET bbalance = bbalance + ? WHERE bid = ?";
    static final String INSERT_HISTORY =
            "INSERT INTO history (tid, bid, aid, delta, mtime) VALUES (?, ?, ?, ?, CURRENT_TIMESTAMP)";

    private static final Step[] FULL = {Step.UPDATE_ACCOUNT, Step.SELECT_ACCOUNT, Step.UPDATE_TELLER,
        Step.UPDATE_BRANCH, Step.INSERT_HISTORY};
    private static final Step[] SELECT_ONLY = {Step.SELECT_ACCOUNT};

    /** The statements a transaction runs, in order: the full mix or, with {@code selectOnly}, the read alone. */
    public static Step[] order(boolean selectOnly) {
        return (selectOnly ? SELECT_ONLY : FULL).clone();
    }

    /** A statement's SQL, its values as JDBC's {@code ?} in the order {@link #values} gives them. */
    public static String sql(Step step) {
        return switch (step) {
            case UPDATE_ACCOUNT -> UPDATE_ACCOUNT;
            case SELECT_ACCOUNT -> SELECT_ACCOUNT;
            case UPDATE_TELLER -> UPDATE_TELLER;
            case UPDATE_BRANCH -> UPDATE_BRANCH;
            case INSERT_HISTORY -> INSERT_HISTORY;
            default -> throw new IllegalStateException("not a statement: " + step);
        };
    }

    /** A statement's values for one transaction's input, in the order of its {@code ?}s. */
    public static int[] values(Step step, TxInput in) {
        return switch (step) {
            case UPDATE_ACCOUNT -> new int[] {in.delta, in.aid};
            case SELECT_ACCOUNT -> new int[] {in.aid};
            case UPDATE_TELLER -> new int[] {in.delta, in.tid};
            case UPDATE_BRANCH -> new int[] {in.delta, in.bid};
            case INSERT_HISTORY -> new int[] {in.tid, in.bid, in.aid, in.delta};
            default -> throw new IllegalStateException("not a statement: " + step);
        };
    }

    private final Connection connection;
    private final boolean autocommit;
    private final Step[] order;
    private final CallGuard guard;
    private final PreparedStatement updateAccount;
    private final PreparedStatement selectAccount;
    private final PreparedStatement updateTeller;
    private final PreparedStatement updateBranch;
    private final PreparedStatement insertHistory;
    private final Statement direct;
    private final StringBuilder sql = new StringBuilder(128);
    /** Autocommit: how many statements of the current transaction have landed. */
    private int landed;
    /** Set while the step that makes the transaction durable runs: its failure leaves the outcome unknown. */
    private boolean committing;

    public TpcbTransaction(Connection connection, boolean prepared, boolean autocommit, boolean selectOnly,
                           CallGuard guard) throws SQLException {
        this.connection = connection;
        this.autocommit = autocommit;
        this.order = selectOnly ? SELECT_ONLY : FULL;
        this.guard = guard;
        connection.setAutoCommit(autocommit);
        guard.connection(connection);
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

    /** A new transaction begins: nothing of it has landed. */
    public void begin() {
        landed = 0;
    }

    /**
     * Runs the transaction, or in autocommit mode what is left of it: a statement that failed is
     * run again, the ones before it are not.
     */
    public void execute(TxInput in, StepTimer timer) throws SQLException {
        committing = false;
        timer.start();
        try {
            for (int i = autocommit ? landed : 0; i < order.length; i++) {
                Step step = order[i];
                committing = autocommit && step == Step.INSERT_HISTORY;
                run(step, in);
                committing = false;
                landed = i + 1;
                timer.lap(step);
            }
            if (!autocommit) {
                committing = true;
                guard.begin(null);
                connection.commit();
                committing = false;
                timer.lap(Step.COMMIT);
            }
        } finally {
            guard.idle();
        }
    }

    /** Autocommit: the statements of the current transaction that have landed, in order. */
    public List<Step> landed() {
        return autocommit ? Arrays.asList(order).subList(0, landed) : List.of();
    }

    /** Autocommit: the statement that runs next (the one that failed, after a failure); null when none is left. */
    public Step next() {
        return autocommit && landed < order.length ? order[landed] : null;
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

    private void run(Step step, TxInput in) throws SQLException {
        if (direct == null) {
            prepared(step, in);
        } else {
            direct(step, in);
        }
    }

    private void prepared(Step step, TxInput in) throws SQLException {
        switch (step) {
            case UPDATE_ACCOUNT -> update(updateAccount, in.delta, in.aid);
            case SELECT_ACCOUNT -> {
                selectAccount.setInt(1, in.aid);
                guard.begin(selectAccount);
                readBalance(selectAccount.executeQuery());
            }
            case UPDATE_TELLER -> update(updateTeller, in.delta, in.tid);
            case UPDATE_BRANCH -> update(updateBranch, in.delta, in.bid);
            case INSERT_HISTORY -> {
                insertHistory.setInt(1, in.tid);
                insertHistory.setInt(2, in.bid);
                insertHistory.setInt(3, in.aid);
                insertHistory.setInt(4, in.delta);
                guard.begin(insertHistory);
                insertHistory.executeUpdate();
            }
            default -> throw new IllegalStateException("not a statement: " + step);
        }
    }

    private void update(PreparedStatement ps, int delta, int id) throws SQLException {
        ps.setInt(1, delta);
        ps.setInt(2, id);
        guard.begin(ps);
        ps.executeUpdate();
    }

    private void direct(Step step, TxInput in) throws SQLException {
        String text = fill(sql(step), values(step, in));
        guard.begin(direct);
        if (step == Step.SELECT_ACCOUNT) {
            readBalance(direct.executeQuery(text));
        } else {
            direct.executeUpdate(text);
        }
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
