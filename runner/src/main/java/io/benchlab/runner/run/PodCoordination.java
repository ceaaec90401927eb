package io.benchlab.runner.run;

import io.benchlab.results.Consistency;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.driver.Driver;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.pods.ClientPods;
import io.benchlab.runner.pods.PodBarrier;
import io.benchlab.runner.pods.PodBarrier.Post;
import io.benchlab.runner.workload.tpcb.TpcbSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * What one run does with the other client pods of its run, through a {@link PodBarrier} on the
 * admin connection. The leader (pod 0) loads and checks for everyone: the others wait for its
 * load, meet it before each round, tell it their counts when done, and take its verdict as theirs.
 * The leader takes the server's first count only once every pod has connected its clients, so the
 * accounting closure covers all pods' commits and nothing else. A process alone is a leader with
 * no one to meet: it has no barrier, and its counts are all the run's.
 */
final class PodCoordination {

    private static final Duration SLOW_POLL = Duration.ofMillis(200);
    private static final String LOADED = "loaded";
    private static final String DONE = "done";
    private static final String CHECKED = "checked";

    private final ClientPods pods;
    private final PodBarrier barrier;
    private int commitsAtFirstCount;

    /** The counts the consistency check and the closure hold against the server: every pod's. */
    record Totals(long committed, long inDoubt, long otherCommits) {
        /** One process's own counts, with no meeting's commits. */
        static Totals own(DriverOutcome outcome) {
            return new Totals(outcome.committedTotal(), outcome.inDoubt(), 0);
        }
    }

    private PodCoordination(ClientPods pods, PodBarrier barrier) {
        this.pods = pods;
        this.barrier = barrier;
    }

    static PodCoordination of(ClientPods pods, Connection admin, String runId, CommitCounter counter,
                              BooleanSupplier stopped) {
        return new PodCoordination(pods, pods.alone() ? null
                : new PodBarrier(admin, runId, pods, counter == null ? null : counter.settle(), stopped));
    }

    boolean leads() {
        return pods.leads();
    }

    /** The leader, once loaded and checked: the others may go on; PROBLEM (null: none) tells them it will not. */
    void loaded(String problem) throws SQLException {
        if (barrier == null || !pods.leads()) {
            return;
        }
        barrier.prepare();
        if (problem != null) {
            barrier.abandon(problem);
        } else {
            barrier.post(LOADED);
        }
    }

    /** Another pod: waits for the leader's load; the data must be at SCALE. */
    void awaitLoaded(Connection admin, int scale) throws SQLException, InterruptedException {
        barrier.awaitLeader(LOADED, SLOW_POLL, Defaults.POD_LOAD_WAIT);
        int loaded = TpcbSchema.loadedScale(admin);
        if (loaded != scale) {
            throw new IllegalStateException("client pod 0 left scale " + loaded + " loaded, not " + scale);
        }
    }

    /**
     * Before each round: every pod posts that it is ready; the leader waits for all, takes the
     * server's first count before the first round (CLOSURE, null: none), and lets them go. A
     * process alone, whose clients are all connected by then, only takes that count.
     */
    Driver.RoundGate gate(CommitClosure closure) {
        if (barrier == null) {
            return round -> {
                if (round == 1 && closure != null) {
                    closure.clientsOpen();
                }
            };
        }
        return round -> {
            barrier.post("ready-" + round);
            if (pods.leads()) {
                barrier.awaitAll("ready-" + round, Defaults.POD_MEET_POLL, Defaults.POD_MEET_WITHIN);
                Thread.sleep(Defaults.POD_GO_SETTLE.toMillis());
                if (round == 1 && closure != null) {
                    closure.clientsOpen();
                    commitsAtFirstCount = barrier.commits();
                }
                barrier.post("go-" + round);
            } else {
                barrier.awaitLeader("go-" + round, Defaults.POD_MEET_POLL, Defaults.POD_MEET_WITHIN);
            }
        };
    }

    /**
     * After this pod's clients closed: another pod posts its counts; the leader waits for every
     * pod's and returns their sums, with the commits the pods' posts made since the first count.
     */
    Totals finished(DriverOutcome outcome) throws SQLException, InterruptedException {
        if (barrier == null) {
            return Totals.own(outcome);
        }
        // Its posts since the leader's first count (all but its first "ready"), this one included.
        long mine = pods.leads() ? barrier.commits() + 1 - commitsAtFirstCount : barrier.commits();
        barrier.post(DONE, outcome.committedTotal(), outcome.inDoubt(), mine, null);
        if (!pods.leads()) {
            return null;
        }
        List<Post> done = barrier.awaitAll(DONE, SLOW_POLL, Defaults.POD_MEET_WITHIN);
        return new Totals(done.stream().mapToLong(Post::n1).sum(), done.stream().mapToLong(Post::n2).sum(),
                done.stream().mapToLong(Post::n3).sum());
    }

    /**
     * After a stop, no pod waits for another: a process alone has the run's counts (its own); a
     * pod has only its own, which are not the run's (null).
     */
    Totals countsAfterStop(DriverOutcome outcome) {
        return barrier == null ? Totals.own(outcome) : null;
    }

    /** The leader's verdict, for the others to take. */
    void verdict(Consistency consistency) throws SQLException {
        if (barrier != null && pods.leads()) {
            barrier.post(CHECKED, consistency.checked() ? 1 : 0, consistency.ok() ? 1 : 0, 0, consistency.message());
        }
    }

    /** Another pod's: the leader's verdict on the whole run, with this pod's own counts. */
    Consistency leadersVerdict(DriverOutcome outcome) throws SQLException, InterruptedException {
        Post v = barrier.awaitLeader(CHECKED, SLOW_POLL, Defaults.CHECK_TIMEOUT.multipliedBy(3));
        return new Consistency(v.n1() == 1, v.n2() == 1, null, null, outcome.committedTotal(), null, outcome.inDoubt(),
                outcome.partials().summary(), "checked once for all " + pods.count() + " client pods, by pod 0: "
                + v.note(), null);
    }

    /** This pod will not go on: the others stop waiting for it. */
    void abandon(String why) {
        if (barrier != null) {
            barrier.abandon(why);
        }
    }
}
