package io.benchlab.runner.pods;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * The client pods of one run meet in the database they drive: a small table, {@value #TABLE},
 * where each pod posts a row per stage it reached ("loaded", "ready-1", "go-1", "done", ...) and
 * polls for the others'. The database is the one thing every pod already reaches, wherever it
 * runs, so the barrier needs no API server, no port between the pods and no agreement of clocks.
 * A pod that gives up posts {@value #ABANDONED}, which ends every other pod's wait at once.
 *
 * <p>Polls run in transactions that are rolled back, so they are no commits in the server's
 * count (PostgreSQL counts a committed SELECT); each post is one commit, counted by
 * {@link #commits()} for the accounting closure. {@code settle} (null: none) runs in each post's
 * transaction, so that the server's count holds the post by the time another pod sees it.
 */
public final class PodBarrier {

    public static final String TABLE = "benchlab_pods";
    static final String ABANDONED = "abandoned";

    private static final String DDL = "CREATE TABLE " + TABLE + " (run_id VARCHAR(100) NOT NULL, pod INT NOT NULL,"
            + " stage VARCHAR(20) NOT NULL, n1 BIGINT, n2 BIGINT, n3 BIGINT, note VARCHAR(2000),"
            + " PRIMARY KEY (run_id, pod, stage))";
    private static final int NOTE_CHARS = 2000;

    private final Connection c;
    private final String runId;
    private final ClientPods pods;
    private final String settle;
    private final BooleanSupplier stopped;
    private int commits;

    /** A pod's post for a stage: three numbers and a note, whose meaning the stage gives. */
    public record Post(int pod, String stage, long n1, long n2, long n3, String note) {
    }

    /** A wait that ended without its posts: a pod gave up or never came, or this one was stopped. */
    public static final class Unmet extends RuntimeException {
        Unmet(String message) {
            super(message);
        }
    }

    public PodBarrier(Connection c, String runId, ClientPods pods, String settle, BooleanSupplier stopped) {
        this.c = c;
        this.runId = runId;
        this.pods = pods;
        this.settle = settle;
        this.stopped = stopped;
    }

    /** The leader's, before its first post: the table made if it is missing, this run's rows of an earlier try gone. */
    public void prepare() throws SQLException {
        inTransaction(() -> {
            try (Statement s = c.createStatement()) {
                s.executeQuery("SELECT 1 FROM " + TABLE + " WHERE 1 = 0").close();
            } catch (SQLException missing) {
                c.rollback();
                try (Statement s = c.createStatement()) {
                    s.execute(DDL);
                }
            }
            try (PreparedStatement s = c.prepareStatement("DELETE FROM " + TABLE + " WHERE run_id = ?")) {
                s.setString(1, runId);
                s.executeUpdate();
            }
            c.commit();
            return null;
        });
    }

    /** Posts this pod's row for STAGE: one commit. */
    public void post(String stage, long n1, long n2, long n3, String note) throws SQLException {
        inTransaction(() -> {
            if (settle != null) {
                try (Statement s = c.createStatement()) {
                    s.execute(settle);
                }
            }
            try (PreparedStatement s = c.prepareStatement("INSERT INTO " + TABLE
                    + " (run_id, pod, stage, n1, n2, n3, note) VALUES (?, ?, ?, ?, ?, ?, ?)")) {
                s.setString(1, runId);
                s.setInt(2, pods.index());
                s.setString(3, stage);
                s.setLong(4, n1);
                s.setLong(5, n2);
                s.setLong(6, n3);
                s.setString(7, note == null ? null : note.substring(0, Math.min(note.length(), NOTE_CHARS)));
                s.executeUpdate();
            }
            c.commit();
            commits++;
            return null;
        });
    }

    public void post(String stage) throws SQLException {
        post(stage, 0, 0, 0, null);
    }

    /** Tells the other pods this one gave up, and why; best effort: the database may be what failed. */
    public void abandon(String why) {
        try {
            post(ABANDONED, 0, 0, 0, why == null ? "no cause given" : why);
        } catch (SQLException | RuntimeException ignored) {
            // Their waits end by their own time limits instead.
        }
    }

    /** Every pod's post for STAGE, once all have posted; polled every POLL, for at most WITHIN. */
    public List<Post> awaitAll(String stage, Duration poll, Duration within) throws SQLException, InterruptedException {
        return await(stage, false, poll, within);
    }

    /** The leader's post for STAGE, once it has posted; before the leader has made the table, there is none. */
    public Post awaitLeader(String stage, Duration poll, Duration within) throws SQLException, InterruptedException {
        return await(stage, true, poll, within).get(0);
    }

    /** The commits this pod's posts made so far. */
    public int commits() {
        return commits;
    }

    private List<Post> await(String stage, boolean leaderOnly, Duration poll, Duration within)
            throws SQLException, InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        int wanted = leaderOnly ? 1 : pods.count();
        while (true) {
            List<Post> posts = new ArrayList<>();
            for (Post p : read(stage, leaderOnly)) {
                if (!p.stage().equals(ABANDONED)) {
                    posts.add(p);
                } else if (p.pod() != pods.index()) {
                    throw new Unmet("client pod " + p.pod() + " gave up: " + p.note());
                }
            }
            if (posts.size() >= wanted) {
                return posts;
            }
            if (stopped.getAsBoolean()) {
                throw new Unmet("stopped while waiting for the other client pods at '" + stage + "'");
            }
            if (System.nanoTime() - deadline > 0) {
                throw new Unmet(String.format(Locale.ROOT, "%s not reached by client pod%s %s within %d s", stage,
                        wanted - posts.size() == 1 ? "" : "s", missing(posts, leaderOnly), within.toSeconds()));
            }
            Thread.sleep(poll.toMillis());
        }
    }

    /** STAGE's posts and any pod's abandonment, read in a transaction that is rolled back. */
    private List<Post> read(String stage, boolean leaderOnly) throws SQLException {
        return inTransaction(() -> {
            List<Post> posts = new ArrayList<>();
            try (PreparedStatement s = c.prepareStatement("SELECT pod, stage, n1, n2, n3, note FROM " + TABLE
                    + " WHERE run_id = ? AND (stage = ? OR stage = ?)" + (leaderOnly ? " AND pod = 0" : "")
                    + " ORDER BY pod")) {
                s.setString(1, runId);
                s.setString(2, stage);
                s.setString(3, ABANDONED);
                try (ResultSet rs = s.executeQuery()) {
                    while (rs.next()) {
                        posts.add(new Post(rs.getInt(1), rs.getString(2), rs.getLong(3), rs.getLong(4), rs.getLong(5),
                                rs.getString(6)));
                    }
                }
            } catch (SQLException e) {
                if (!leaderOnly) {
                    throw e;
                }
                // The leader has not made its table yet. A dead connection fails the rollback below instead.
            }
            c.rollback();
            return posts;
        });
    }

    private String missing(List<Post> posts, boolean leaderOnly) {
        List<Integer> absent = new ArrayList<>();
        for (int i = 0; i < (leaderOnly ? 1 : pods.count()); i++) {
            int pod = i;
            if (posts.stream().noneMatch(p -> p.pod() == pod)) {
                absent.add(pod);
            }
        }
        return absent.toString().replaceAll("[\\[\\]]", "");
    }

    private interface Work<T> {
        T run() throws SQLException;
    }

    /** WORK with autocommit off (rolled back if it throws), then the connection's own mode again. */
    private <T> T inTransaction(Work<T> work) throws SQLException {
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        try {
            return work.run();
        } catch (SQLException | RuntimeException e) {
            try {
                c.rollback();
            } catch (SQLException gone) {
                e.addSuppressed(gone);
            }
            throw e;
        } finally {
            if (auto) {
                c.setAutoCommit(true);
            }
        }
    }
}
