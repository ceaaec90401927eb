package io.benchlab.runner.run;

import io.benchlab.results.Consistency.ServerCommits;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.engine.CommitCounter;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

/**
 * The accounting closure: the server's count of commits read once every client has connected and
 * again once every client has closed, held against the clients' own count. A closure never fails
 * a run: what cannot be read is said in its message.
 */
final class CommitClosure {

    /** The share of the clients' commits by which the server's count may differ before it warns. */
    static final double TOLERANCE = 0.001;

    /** How long the count must stay put after the clients closed: their backends report as they exit. */
    private static final long SETTLED_NANOS = 200_000_000L;
    private static final long SETTLE_FOR_NANOS = 3_000_000_000L;
    private static final long POLL_MILLIS = 50;

    private final CommitCounter counter;
    private final Connection admin;
    private final Secret password;
    private CommitCounter.Reading before;
    private long background;
    private int reads;
    private String problem;

    CommitClosure(CommitCounter counter, Connection admin, Secret password) {
        this.counter = counter;
        this.admin = admin;
        this.password = password;
    }

    /** Before the clients' first transaction, after they all connected (their set-up is not counted). */
    void clientsOpen() {
        try {
            counter.settle(admin);
            before = counter.read(admin);
            reads = 1;
        } catch (SQLException e) {
            problem = "the server's count could not be read before the run: " + Redact.message(e.getMessage(), password);
        }
    }

    /**
     * After the clients closed: the server's count once it stopped moving, against CLIENT commits
     * and IN_DOUBT. {@code otherReads}: statements another reader of the lab's (the server-stats
     * sampler) ran in between, which the server counts as its own reads are counted;
     * {@code otherCommits}: commits the lab made in between (client pods' meeting posts).
     */
    ServerCommits clientsClosed(long client, long inDoubt, long otherReads, long otherCommits)
            throws InterruptedException {
        if (before == null) {
            return new ServerCommits(counter.name(), client, null, inDoubt, false,
                    problem == null ? "the clients never all connected" : problem);
        }
        try {
            long deadline = System.nanoTime() + SETTLE_FOR_NANOS;
            long net = net(otherReads, otherCommits);
            long since = System.nanoTime();
            while (System.nanoTime() - since < SETTLED_NANOS && System.nanoTime() < deadline) {
                Thread.sleep(POLL_MILLIS);
                long now = net(otherReads, otherCommits);
                if (now != net) {
                    net = now;
                    since = System.nanoTime();
                }
            }
            return judge(counter.name(), client, net, inDoubt, counter.slack() + counter.slackPerBackground() * background,
                    background);
        } catch (SQLException e) {
            return new ServerCommits(counter.name(), client, null, inDoubt, false,
                    "the server's count could not be read after the run: " + Redact.message(e.getMessage(), password));
        }
    }

    /**
     * The count since {@code before}, less what the lab's reads and its other statements themselves
     * committed; the server's background work since then in {@code background}.
     */
    private long net(long otherReads, long otherCommits) throws SQLException {
        CommitCounter.Reading now = counter.read(admin);
        long own = (reads + otherReads) * counter.ownCommitsPerRead() + otherCommits;
        reads++;
        background = now.background() - before.background();
        return now.commits() - before.commits() - own;
    }

    static ServerCommits judge(String counter, long client, long server, long inDoubt, long slack) {
        return judge(counter, client, server, inDoubt, slack, 0);
    }

    /**
     * SLACK: what the server may count of its own on top of the clients' commits and those in doubt,
     * for BACKGROUND pieces of its own work meanwhile (autovacuum's vacuums and analyzes) and more.
     */
    static ServerCommits judge(String counter, long client, long server, long inDoubt, long slack, long background) {
        boolean withinDoubt = server >= client && server <= client + inDoubt + slack;
        boolean agrees = withinDoubt || Math.abs(server - client) <= TOLERANCE * client;
        String doubt = (inDoubt == 0 ? "" : " (+ up to " + inDoubt + " in doubt)")
                + (background == 0 || server <= client ? "" : "; autovacuum vacuumed or analyzed " + background
                        + " time(s) meanwhile, and its transactions count too");
        String message = agrees
                ? String.format(Locale.ROOT, "the server counted %d commits, the clients %d%s", server, client, doubt)
                : String.format(Locale.ROOT, "the server counted %d commits (%s), the clients %d%s: %+.2f%%, beyond %.1f%%",
                        server, counter, client, doubt, client == 0 ? 100.0 : 100.0 * (server - client) / client,
                        100 * TOLERANCE);
        return new ServerCommits(counter, client, server, inDoubt, agrees, message);
    }
}
