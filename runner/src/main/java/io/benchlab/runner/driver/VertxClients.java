package io.benchlab.runner.driver;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.driver.VertxDialect.Endpoint;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.impl.VertxInternal;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The Vert.x of a run whose clients use {@code --driver vertx}: a few event-loop threads that
 * every client's connection lives on, where each client connects, and its engine's
 * {@link VertxDialect}.
 */
final class VertxClients implements AutoCloseable {

    private static final long CLOSE_WAIT_MILLIS = 5_000;
    /**
     * Netty's and Vert.x's own loggers (java.util.logging here), held so that their level sticks:
     * what they would say reaches the run through the calls' failures, and a library's stack trace
     * has no place on the console.
     */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.netty"), Logger.getLogger("io.vertx"));

    static {
        QUIET.forEach(l -> l.setLevel(Level.OFF));
        // Host names resolve as the JDBC drivers resolve them (the JDK's resolver), not by a DNS client of Vert.x's own.
        System.setProperty("vertx.disableDnsResolver", "true");
        // Netty's leak detector samples buffer allocations on the clients' path; the run has no use for it.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
    }

    private final VertxInternal vertx;
    private final VertxDialect dialect;
    private final Endpoint endpoint;

    VertxClients(Target target, int clients) {
        this.dialect = dialect(target);
        this.endpoint = dialect.endpoint(target);
        this.vertx = (VertxInternal) Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(eventLoops(clients, Runtime.getRuntime().availableProcessors()))
                .setPreferNativeTransport(true)
                // No cache directory of files: nothing is left behind.
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false)
                        .setClassPathResolvingEnabled(false)));
    }

    /**
     * One event loop for every processor the runner may use (its container's CPU limit, where it
     * has one), at most one a client, as pgbench runs a thread per core. A loop is one thread
     * among the server's busy backends, and the scheduler gives it one thread's share of the
     * cores: on 2 cores shared with a relaxed PostgreSQL (scale 10, 32 clients, 3 alternated
     * pairs), two loops ran 10-17% more tps than one, at 3-6% more client CPU per transaction (one
     * loop for every two processors, as before, collects more answers per wake-up but falls
     * behind the server).
     */
    static int eventLoops(int clients, int processors) {
        return Math.max(1, Math.min(clients, processors));
    }

    /** A context on the next event loop, round robin: a client's connection and timers all run on it. */
    ContextInternal context() {
        return vertx.createEventLoopContext();
    }

    Vertx vertx() {
        return vertx;
    }

    VertxDialect dialect() {
        return dialect;
    }

    Endpoint endpoint() {
        return endpoint;
    }

    /** Refuses, before anything starts, a target this client cannot connect to as it is given. */
    static void requireReachable(Target target) {
        dialect(target).endpoint(target);
    }

    private static VertxDialect dialect(Target target) {
        VertxDialect d = VertxDialect.of(target.engine());
        if (d == null) {
            throw new BadInputException("--driver vertx does not speak " + target.engine().name() + "'s protocol;"
                    + " it runs with --driver jdbc");
        }
        return d;
    }

    @Override
    public void close() {
        await(vertx.close(), CLOSE_WAIT_MILLIS);
    }

    /** Waits up to {@code millis} for {@code f}, whatever its outcome: a close that fails or hangs leaves nothing to measure. */
    static void await(Future<?> f, long millis) {
        try {
            f.toCompletionStage().toCompletableFuture().get(millis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException ignored) {
            // Its threads are daemons of a run that is over.
        }
    }
}
