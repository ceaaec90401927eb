package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.engine.Engine;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Loads the TPC-B tables at a scale. Idempotent: it drops and recreates. Accounts, the bulk of
 * the data, are made by the engine's own row generator where it has one (no rows cross JDBC),
 * otherwise sent in batches; keys are built after the load where that is faster.
 */
public final class TpcbLoader {

    /** Filler values: TPC-B rows are this wide; one shared string costs nothing per row. */
    static final String FILLER_84 = " ".repeat(84);
    static final String FILLER_88 = " ".repeat(88);

    private final Engine engine;
    private final int batchSize;
    private final LoadProgress progress;
    private final long progressEveryNanos;
    private final BooleanSupplier stop;

    public TpcbLoader(Engine engine, int batchSize, LoadProgress progress, long progressEveryNanos) {
        this(engine, batchSize, progress, progressEveryNanos, () -> false);
    }

    /** {@code stop} is asked between batches; when it says yes the load ends with {@link StoppedException}. */
    public TpcbLoader(Engine engine, int batchSize, LoadProgress progress, long progressEveryNanos,
                      BooleanSupplier stop) {
        this.engine = engine;
        this.batchSize = batchSize;
        this.progress = progress;
        this.progressEveryNanos = progressEveryNanos;
        this.stop = stop;
    }

    /** The load was asked to stop; what was loaded is rolled back or left without branches. */
    public static final class StoppedException extends SQLException {
        StoppedException() {
            super("interrupted during the load; the data is incomplete, rerun with --init");
        }
    }

    /** What the load did, for the result. */
    public record Outcome(long rows, double seconds, String method) {
    }

    public Outcome load(Connection c, int scale) throws SQLException {
        long start = System.nanoTime();
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(true);
        List<String> restore = engine.prepareLoad(c);
        String method = engine.accountsCopy() != null ? "copy"
                : engine.generateAccountsSql() != null ? "insert-select" : "batched-insert";
        try {
            c.setAutoCommit(false);
            TpcbSchema.drop(c);
            TpcbSchema.create(c, TpcbSchema.tableStatements(engine));
            if (!engine.keysAfterLoad()) {
                TpcbSchema.create(c, TpcbSchema.keyStatements(engine));
            }
            loadTellers(c, scale);
            if (engine.accountsCopy() != null) {
                copyAccounts(c, scale, start);
            } else if (engine.generateAccountsSql() != null) {
                generateAccounts(c, scale, start);
            } else {
                batchAccounts(c, scale, start);
            }
            // Branches go last: a load cut short leaves none, so its scale reads as 0 and a
            // later run refuses the half-loaded data instead of measuring it.
            loadBranches(c, scale);
            if (engine.keysAfterLoad()) {
                TpcbSchema.create(c, TpcbSchema.keyStatements(engine));
            }
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw e;
        } finally {
            // Back to the engine's own settings even when the load failed half way.
            c.setAutoCommit(true);
            run(c, restore);
        }
        run(c, engine.afterLoad());
        c.setAutoCommit(autoCommit);
        long rows = Scaling.branches(scale) + Scaling.tellers(scale) + Scaling.accounts(scale);
        return new Outcome(rows, (System.nanoTime() - start) / 1e9, method);
    }

    private static void run(Connection c, List<String> statements) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String sql : statements) {
                s.execute(sql);
            }
        }
    }

    private static void loadBranches(Connection c, int scale) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO branches (bid, bbalance, filler) VALUES (?, 0, ?)")) {
            for (int bid = 1; bid <= Scaling.branches(scale); bid++) {
                ps.setInt(1, bid);
                ps.setString(2, FILLER_88);
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static void loadTellers(Connection c, int scale) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO tellers (tid, bid, tbalance, filler) VALUES (?, ?, 0, ?)")) {
            for (int tid = 1; tid <= Scaling.tellers(scale); tid++) {
                ps.setInt(1, tid);
                ps.setInt(2, Scaling.branchOfTeller(tid));
                ps.setString(3, FILLER_84);
                ps.addBatch();
            }
            ps.executeBatch();
        }
        c.commit();
    }

    /** All accounts in one bulk stream and one transaction, reporting as the rows go out. */
    private void copyAccounts(Connection c, int scale, long start) throws SQLException {
        long total = Scaling.accounts(scale);
        long[] lastReport = {System.nanoTime()};
        engine.accountsCopy().copy(c, 1, Scaling.accounts(scale), Scaling::branchOfAccount,
                done -> lastReport[0] = report(done, total, start, lastReport[0]));
        c.commit();
        progress.rows("accounts", total, total, (System.nanoTime() - start) / 1e9);
    }

    /** One statement per branch: the engine generates its 100,000 accounts. */
    private void generateAccounts(Connection c, int scale, long start) throws SQLException {
        long total = Scaling.accounts(scale);
        long lastReport = System.nanoTime();
        try (PreparedStatement ps = c.prepareStatement(engine.generateAccountsSql())) {
            for (int branch = 1; branch <= scale; branch++) {
                int first = (branch - 1) * Scaling.ACCOUNTS_PER_BRANCH + 1;
                ps.setString(1, FILLER_84);
                ps.setInt(2, first);
                ps.setInt(3, first + Scaling.ACCOUNTS_PER_BRANCH - 1);
                ps.executeUpdate();
                c.commit();
                lastReport = report((long) branch * Scaling.ACCOUNTS_PER_BRANCH, total, start, lastReport);
            }
        }
    }

    private void batchAccounts(Connection c, int scale, long start) throws SQLException {
        long total = Scaling.accounts(scale);
        long lastReport = System.nanoTime();
        try (PreparedStatement ps = c.prepareStatement(
                "INSERT INTO accounts (aid, bid, abalance, filler) VALUES (?, ?, 0, ?)")) {
            for (int aid = 1; aid <= total; aid++) {
                ps.setInt(1, aid);
                ps.setInt(2, Scaling.branchOfAccount(aid));
                ps.setString(3, FILLER_84);
                ps.addBatch();
                if (aid % batchSize == 0 || aid == total) {
                    ps.executeBatch();
                    c.commit();
                    lastReport = report(aid, total, start, lastReport);
                }
            }
        }
    }

    private long report(long done, long total, long start, long lastReport) throws StoppedException {
        if (stop.getAsBoolean()) {
            throw new StoppedException();
        }
        long now = System.nanoTime();
        if (now - lastReport >= progressEveryNanos || done == total) {
            progress.rows("accounts", done, total, (now - start) / 1e9);
            return now;
        }
        return lastReport;
    }
}
