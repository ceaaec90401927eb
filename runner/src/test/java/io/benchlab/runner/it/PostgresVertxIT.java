package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BranchStall;
import io.benchlab.runner.core.OverCapacity;
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
        assertThat(r.knobs().text("driver")).isEqualTo("vertx");
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

    /** A rate far beyond the server ({@link OverCapacity}), the intended starts on the event loop's timer. */
    @Test
    @Order(11)
    void overCapacityTheMeasuredPhaseEndsOnTimeAndCountsWhatNeverStarted() throws Exception {
        Target target = target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, config().clients(2).rate(OverCapacity.RATE).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).interval(Duration.ofMillis(250)).build());
        ServerRuns.assertOkAndConsistent(r);
        OverCapacity.assertEndsOnTimeAndCountsWhatNeverStarted(r);
    }
}
