package io.benchlab.runner.driver;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Target;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.file.FileSystemOptions;
import io.vertx.core.impl.ContextInternal;
import io.vertx.core.impl.VertxInternal;
import io.vertx.pgclient.PgConnectOptions;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.postgresql.Driver;

/**
 * The Vert.x of a run whose clients use {@code --driver vertx}: a few event-loop threads that
 * every client's connection lives on, and where each client connects.
 */
final class VertxClients implements AutoCloseable {

    /** What pgjdbc gives a connection to open (its connectTimeout). */
    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    /** What parseURL returns of a plain jdbc:postgresql://host:port/database: nothing else is honoured. */
    private static final Set<String> PLAIN_URL = Set.of("PGHOST", "PGPORT", "PGDBNAME");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\?");

    private static final long CLOSE_WAIT_MILLIS = 5_000;
    /**
     * Netty's and Vert.x's own loggers (java.util.logging here), held so that their level sticks:
     * what they would say reaches the run through the calls' failures, and a library's stack trace
     * has no place on the console.
     */
    private static final List<Logger> QUIET = List.of(Logger.getLogger("io.netty"), Logger.getLogger("io.vertx"));

    static {
        QUIET.forEach(l -> l.setLevel(Level.OFF));
        // Host names resolve as pgjdbc resolves them (the JDK's resolver), not by a DNS client of Vert.x's own.
        System.setProperty("vertx.disableDnsResolver", "true");
        // Netty's leak detector samples buffer allocations on the clients' path; the run has no use for it.
        if (System.getProperty("io.netty.leakDetection.level") == null) {
            System.setProperty("io.netty.leakDetection.level", "disabled");
        }
    }

    private final VertxInternal vertx;
    private final PgConnectOptions options;

    VertxClients(Target target, int clients) {
        this.options = options(target);
        this.vertx = (VertxInternal) Vertx.vertx(new VertxOptions()
                .setEventLoopPoolSize(eventLoops(clients, Runtime.getRuntime().availableProcessors()))
                .setPreferNativeTransport(true)
                // No cache directory of files: nothing is left behind.
                .setFileSystemOptions(new FileSystemOptions().setFileCachingEnabled(false)
                        .setClassPathResolvingEnabled(false)));
    }

    /**
     * One event loop for every two processors the runner may use (its container's CPU limit, where
     * it has one), at least one, at most one a client. The more connections a loop serves, the
     * more answers one wake-up of it collects: on 2 cores shared with the server, one loop spent
     * 68-80 us of client CPU per transaction at 32 clients where two spent 75-84.
     */
    static int eventLoops(int clients, int processors) {
        return Math.max(1, Math.min(clients, processors / 2));
    }

    /** A context on the next event loop, round robin: a client's connection and timers all run on it. */
    ContextInternal context() {
        return vertx.createEventLoopContext();
    }

    Vertx vertx() {
        return vertx;
    }

    PgConnectOptions options() {
        return options;
    }

    /**
     * Where and as whom to connect. A URL with parameters (sslmode, options, ...) is refused
     * rather than run without them.
     */
    static PgConnectOptions options(Target target) {
        Properties url = Driver.parseURL(target.jdbcUrl(), new Properties());
        if (url == null) {
            throw new BadInputException("--driver vertx: not a PostgreSQL URL: " + target.redactedUrl());
        }
        Set<String> extra = new java.util.TreeSet<>(url.stringPropertyNames());
        extra.removeAll(PLAIN_URL);
        extra.removeAll(Set.of("user", "password"));
        String host = url.getProperty("PGHOST");
        if (!extra.isEmpty() || host.contains(",")) {
            throw new BadInputException("--driver vertx takes a plain jdbc:postgresql://host:port/database URL;"
                    + " this one has " + (extra.isEmpty() ? "several hosts" : "parameters " + extra)
                    + ", which only --driver jdbc honours");
        }
        return new PgConnectOptions()
                .setHost(host)
                .setPort(Integer.parseInt(url.getProperty("PGPORT")))
                .setDatabase(url.getProperty("PGDBNAME"))
                .setUser(target.user())
                .setPassword(target.password().reveal())
                .setConnectTimeout(CONNECT_TIMEOUT_MILLIS)
                // BEGIN and the first statement in flight together, as pgjdbc sends them; the
                // client sends each other statement only once the one before has answered.
                .setPipeliningLimit(2)
                .setCachePreparedStatements(true)
                .addProperty("application_name", "benchlab");
    }

    /** PostgreSQL's $1, $2 ... for JDBC's ?s. */
    static String numbered(String sql) {
        Matcher m = PLACEHOLDER.matcher(sql);
        StringBuilder out = new StringBuilder();
        int n = 0;
        while (m.find()) {
            m.appendReplacement(out, "\\$" + ++n);
        }
        return m.appendTail(out).toString();
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
