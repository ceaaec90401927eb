package io.benchlab.runner.driver;

import io.vertx.core.Handler;
import io.vertx.core.impl.ContextInternal;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands an event-loop client's context each round's start, and rehearses that hand-over at each
 * warm-up read: the same handler goes through the same {@code runOnContext}, and a rehearsal
 * finds no round waiting and does nothing.
 *
 * <p>Why rehearse: a loop that had only ever answered its sockets while C2 compiled it lost that
 * code at round 2's start, when the first task from another thread woke it (the loop's
 * {@code run}, {@code processReady}, {@code runAllTasks} made not entrant), and C2 compiled it
 * again in the measured phase: 0.06-0.19 s of JIT in round 2 against 0.01-0.04 s in each other
 * round (PostgreSQL, 8 and 32 clients, 5 rounds of 5 s, -XX:+PrintCompilation).
 *
 * <p>Why the same handler: C2 compiles the event loop's task loop with the classes of the tasks
 * it has seen inlined. A loop that saw only a rehearsal task of another class met Vert.x's
 * context task with this handler at each round's start, a class check failed there, and at the
 * fourth such trap (two loops, round 2's start) C2 compiled {@code EpollEventLoop.run} again in
 * the measured phase: 0.08 s of JIT (-XX:+LogCompilation, PostgreSQL, 8 clients), when the
 * rehearsal handed each loop a task of its own.
 */
final class RoundStarts implements Handler<Void> {

    private final AtomicReference<Runnable> waiting = new AtomicReference<>();

    /** Runs ROUND on CONTEXT's event loop, once. */
    void start(ContextInternal context, Runnable round) {
        waiting.set(round);
        context.runOnContext(this);
    }

    /** Hands CONTEXT's event loop what a round's start hands it, which does nothing there. */
    void rehearse(ContextInternal context) {
        context.runOnContext(this);
    }

    @Override
    public void handle(Void nothing) {
        // Taken and cleared at once: a rehearsal's run racing a round's hand-over cannot clear it unrun.
        Runnable round = waiting.getAndSet(null);
        if (round != null) {
            round.run();
        }
    }
}
