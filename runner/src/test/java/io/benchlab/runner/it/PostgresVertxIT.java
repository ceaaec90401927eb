package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Figures;
import io.benchlab.results.RunResult;
import io.benchlab.results.Schedule;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BranchStall;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import java.time.Duration;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Every check of {@link PostgresIT} (the engine contract, the restarts, the accounting
 * closure, the split over client pods) with the clients on Vert.x's PostgreSQL client
 * ({@code --driver vertx}) instead of pgjdbc, and the honesty rules of --rate on its event loop.
 */
class PostgresVertxIT extends PostgresIT {

    @Override
    TestWorkload config() {
        return super.config().driver(ClientDriver.VERTX);
    }

    @Test
    @Order(9)
    void theResultSaysWhichDriverRan() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, config().clients(3).build());
        ServerRuns.assertHealthy(r);
        assertThat(r.knobs().driver()).isEqualTo("vertx");
    }

    /** Coordinated omission (see {@link BranchStall}), the intended starts on the event loop's timer. */
    @Test
    @Order(10)
    void underARateAStallIsChargedToTheTransactionsScheduledDuringIt() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        BranchStall stall = new BranchStall();
        RunResult r = stall.run(ServerRuns.benchmark(target, BranchStall.workload(config()).build(), stall.sink()),
                target);
        ServerRuns.assertHealthy(r);
        BranchStall.assertChargedToTheScheduledTransactions(r);
    }

    /**
     * A rate far beyond the server: the measured phase ends on time plus the schedule's grace, the
     * starts that never came are counted, and the warm-up's backlog is dropped, not timed.
     */
    @Test
    @Order(11)
    void overCapacityTheMeasuredPhaseEndsOnTimeAndCountsWhatNeverStarted() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, config().clients(2).rate(1_000_000).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).interval(Duration.ofMillis(250)).build());
        ServerRuns.assertOkAndConsistent(r);
        Figures f = r.figures();
        double grace = Defaults.SCHEDULE_GRACE.toNanos() / 1e9;
        assertThat(f.seconds()).as("measured phase length").isBetween(1.0, 1.0 + grace + 0.5);
        assertThat(f.latency().maxMs()).as("no measured transaction carries the warm-up's backlog")
                .isLessThan((1.0 + grace + 0.5) * 1000);
        assertThat(r.warmup().missedStarts()).as("warm-up backlog dropped").isPositive();
        Schedule s = f.schedule();
        assertThat(s.scheduled()).as("the whole second's schedule").isBetween(999_000L, 1_001_000L);
        assertThat(s.missedStarts()).isEqualTo(s.scheduled() - f.committed() - f.failed()).isPositive();
    }
}
