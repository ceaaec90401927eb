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
 * What an engine's contract adds with its clients on Vert.x ({@code --driver vertx}), for every
 * engine that has it: the driver chosen by default and recorded, and the honesty rules of --rate
 * on the event loop. Implemented by a subclass of the engine's {@link ServerEngineContract}, whose
 * checks then all run on Vert.x.
 */
interface VertxContract {

    private ServerEngineContract contract() {
        return (ServerEngineContract) this;
    }

    private TestWorkload vertx() {
        return contract().config().driver(ClientDriver.VERTX);
    }

    /** No --driver given: the engine's default, Vert.x, runs, and the result names it. */
    @Test
    @Order(9)
    default void theDefaultDriverIsVertxAndTheResultSaysSo() throws Exception {
        Target target = contract().target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, vertx().driver(null).clients(3).build());
        ServerRuns.assertHealthy(r);
        assertThat(r.knobs().text("driver")).isEqualTo("vertx");
    }

    /** Coordinated omission (see {@link BranchStall}), the intended starts on the event loop's timer. */
    @Test
    @Order(10)
    default void underARateAStallIsChargedToTheTransactionsScheduledDuringIt() throws Exception {
        Target target = contract().target();
        ServerRuns.ensureScale(target, 1);
        BranchStall stall = new BranchStall();
        RunResult r = stall.run(ServerRuns.benchmark(target, BranchStall.workload(vertx()).build(), stall.sink()),
                target);
        ServerRuns.assertHealthy(r);
        BranchStall.assertChargedToTheScheduledTransactions(r);
    }

    /** A rate far beyond the server ({@link OverCapacity}), the intended starts on the event loop's timer. */
    @Test
    @Order(11)
    default void overCapacityTheMeasuredPhaseEndsOnTimeAndCountsWhatNeverStarted() throws Exception {
        Target target = contract().target();
        ServerRuns.ensureScale(target, 1);
        RunResult r = ServerRuns.run(target, vertx().clients(2).rate(OverCapacity.RATE).warmup(Duration.ofSeconds(1))
                .duration(Duration.ofSeconds(1)).interval(Duration.ofMillis(250)).build());
        ServerRuns.assertOkAndConsistent(r);
        OverCapacity.assertEndsOnTimeAndCountsWhatNeverStarted(r);
    }
}
