package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class VertxClientsTest {

    @Test
    void aRehearsedRoundStartReachesEveryEventLoopFromOutsideIt() throws InterruptedException {
        Engine pg = Engines.find("postgres").orElseThrow();
        Target target = new Target(pg, pg.defaultProfile(), "jdbc:postgresql://127.0.0.1:5/bench", "u", Secret.random(), false);
        int loops = VertxClients.eventLoops(8, Runtime.getRuntime().availableProcessors());
        try (VertxClients vertx = new VertxClients(target, 8)) {
            Set<Thread> ran = ConcurrentHashMap.newKeySet();
            CountDownLatch done = new CountDownLatch(loops);
            vertx.handEachLoop(() -> {
                ran.add(Thread.currentThread());
                done.countDown();
            });
            assertThat(done.await(10, TimeUnit.SECONDS)).as("every loop ran the task").isTrue();
            assertThat(ran).hasSize(loops).doesNotContain(Thread.currentThread())
                    .allMatch(t -> t.getName().startsWith("vert.x-eventloop-thread-"));
        }
    }
}
