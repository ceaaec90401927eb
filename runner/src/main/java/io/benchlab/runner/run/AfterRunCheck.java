package io.benchlab.runner.run;

import io.benchlab.results.Consistency;
import io.benchlab.results.Consistency.Sums;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.driver.DriverOutcome;
import io.benchlab.runner.workload.tpcb.ConsistencyCheck;
import io.benchlab.runner.workload.tpcb.ConsistencyVerdict;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The consistency check after the clients are done, against every pod's counts; or a block that
 * says why there is none: the server stayed away, the check itself ran past its timeout, or the
 * run was stopped meanwhile.
 */
final class AfterRunCheck {

    private final Target target;
    private final boolean selectOnly;
    private final RunStop stop;

    AfterRunCheck(Target target, boolean selectOnly, RunStop stop) {
        this.target = target;
        this.selectOnly = selectOnly;
        this.stop = stop;
    }

    /** The verdict on the run whose sums were BEFORE, with ALL pods' counts and this pod's OUTCOME. */
    Consistency judge(Connection admin, Sums before, DriverOutcome outcome, PodCoordination.Totals all) {
        // Select-only transactions insert no history row.
        long inserting = selectOnly ? 0 : all.committed();
        try {
            Sums after = sumsAfter(admin);
            return ConsistencyVerdict.judge(before, after, inserting, all.inDoubt(), outcome.partials());
        } catch (SQLException | InterruptedException e) {
            String why = stop.requested() || !(e instanceof SQLException sql)
                    ? "the run was stopped while the database did not answer (" + Benchmark.firstLine(e.getMessage()) + ")"
                    : "the database did not answer: " + Benchmark.connectProblem(target, sql)
                            + Benchmark.firstLine(e.getMessage());
            return ConsistencyVerdict.notChecked(before, inserting, all.inDoubt(), outcome.partials().summary(),
                    Redact.message(why, target.password()));
        }
    }

    /**
     * The sums after the run. The admin connection may have died with the server during the run
     * (the clients reconnected; it did not): then the check runs on a fresh connection, retried
     * for {@link Defaults#RECONNECT_FOR} in case the server is still coming back. After a stop
     * it gets only what is left of {@link Defaults#STOP_WITHIN}, and no second try.
     */
    private Sums sumsAfter(Connection admin) throws SQLException, InterruptedException {
        try {
            return ConsistencyCheck.sums(admin, stop.checkTimeout());
        } catch (SQLException lost) {
            if (stop.requested() || admin.isValid(2)) {
                throw lost;
            }
            long deadline = System.nanoTime() + Defaults.RECONNECT_FOR.toNanos();
            while (true) {
                try (Connection fresh = target.connect()) {
                    return ConsistencyCheck.sums(fresh, stop.checkTimeout());
                } catch (SQLException e) {
                    if (stop.requested() || System.nanoTime() - deadline > 0) {
                        e.addSuppressed(lost);
                        throw e;
                    }
                    Thread.sleep(500);
                }
            }
        }
    }
}
