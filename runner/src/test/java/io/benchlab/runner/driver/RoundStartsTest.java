package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.vertx.core.impl.ContextInternal;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A round's start runs once on the client's event loop, whatever rehearsals race it; a rehearsal alone runs nothing. */
class RoundStartsTest {

    @Test
    void eachRoundStartsOnceOnTheLoopAndRehearsalsStartNothing() throws Exception {
        Engine pg = Engines.find("postgres").orElseThrow();
        Target target = new Target(pg, pg.defaultProfile(), "jdbc:postgresql://127.0.0.1:5/bench", "u", Secret.random(), false);
        try (VertxClients vertx = new VertxClients(target, 2)) {
            ContextInternal context = vertx.context();
            RoundStarts starts = new RoundStarts();
            List<String> ran = new CopyOnWriteArrayList<>();
            for (int i = 0; i < 100; i++) {
                starts.rehearse(context);
            }
            assertThat(drained(context)).isTrue();
            assertThat(ran).as("rehearsals alone").isEmpty();

            for (int round = 1; round <= 200; round++) {
                String name = "round " + round;
                // Rehearsals from another thread, as the collector's warm-up reads hand them.
                Thread rehearsing = new Thread(() -> {
                    for (int i = 0; i < 20; i++) {
                        starts.rehearse(context);
                    }
                });
                rehearsing.start();
                starts.start(context, () -> ran.add(name + " on " + Thread.currentThread().getName()));
                rehearsing.join();
                assertThat(drained(context)).isTrue();
            }
            assertThat(ran).hasSize(200).allMatch(r -> r.contains(" on vert.x-eventloop-thread-"));
            assertThat(ran.get(199)).startsWith("round 200 ");
        }
    }

    /** True once every task handed to CONTEXT before this one has run. */
    private static boolean drained(ContextInternal context) throws Exception {
        CompletableFuture<Void> last = new CompletableFuture<>();
        context.runOnContext(v -> last.complete(null));
        last.get(10, TimeUnit.SECONDS);
        return last.isDone();
    }
}
