package io.benchlab.runner.driver;

import io.benchlab.runner.core.CallGuard;
import io.benchlab.runner.core.Redact;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.engine.CommitCounter;
import io.benchlab.runner.metrics.Step;
import io.benchlab.runner.metrics.WorkerMetrics;
import io.benchlab.runner.workload.tpcb.Distribution;
import io.benchlab.runner.workload.tpcb.TpcbTransaction;
import io.benchlab.runner.workload.tpcb.TxInput;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.vertx.core.AsyncResult;
import io.vertx.core.Future;
import io.vertx.core.impl.ContextInternal;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.SqlConnection;
import io.vertx.sqlclient.Tuple;
import io.vertx.sqlclient.impl.SqlClientInternal;
import io.vertx.sqlclient.impl.SqlConnectionInternal;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A client on Vert.x's SQL client ({@code --driver vertx}), PostgreSQL's or MySQL's as its
 * {@link VertxDialect} says. It runs {@link Worker}'s transaction by the same rules: the same
 * statements, prepared once and run one at a time in as many round trips as the JDBC driver's
 * (PostgreSQL: BEGIN goes with the first statement; MySQL: none, the session's autocommit is
 * off, as Connector/J's), started and timed by
 * the same {@link ClientSchedule}, judged by the same {@link TryFailure}, reconnected by the same
 * {@link Reconnect}, and watched by the same {@link Watchdog}. But its connection lives on an
 * event loop that many clients share, so no thread sleeps and wakes for each round trip: every
 * step below runs as a callback on that loop, and the thread that calls {@link #run} only waits
 * for the round to end.
 */
final class VertxClient extends Client {

    private static final long CLOSE_WAIT_MILLIS = 1_000;
    /** A paced client looks at the stop at least this often while it waits for its next start. */
    private static final long MAX_WAIT_NANOS = 50_000_000L;

    private final WorkloadConfig config;
    private final VertxClients vertx;
    private final VertxDialect dialect;
    private final Distribution distribution;
    private final SplittableRandom random;
    private final WorkerMetrics metrics;
    /**
     * The timers by phase ({@link RoundPlan#phaseAt}): the warm-up's transactions are timed into a
     * rehearsal, then forgotten, so that the JIT has compiled the measured phase's timing and
     * recording code before the measured start (timing nothing in the warm-up left about 0.5 s of
     * compiling to the first round); picked by index, not by a branch (see {@link RoundPlan}).
     */
    private final WorkerMetrics[] timers;
    private final Step[] order;
    private final TxInput in = new TxInput();
    /** The transaction's statements in the protocol's spelling, prepared on first use and kept by the connection. */
    private final String[] sql;
    private final List<PreparedQuery<RowSet<Row>>> statements = new ArrayList<>();
    private ContextInternal context;
    /** Read by the watchdog's cancel and abort, from other threads. */
    private volatile SqlConnection connection;
    /** The server's name for the connection's session, where the dialect's cancel needs it. */
    private volatile long session;
    private volatile CompletableFuture<Void> roundDone;
    private final RoundStarts roundStarts = new RoundStarts();

    // The round and the transaction in flight: touched only on the client's event loop.
    private ClientSchedule schedule;
    private BooleanSupplier stop;
    private long txStart;
    private int tries;
    private boolean committing;
    private WorkerMetrics timer;

    VertxClient(int index, Target target, WorkloadConfig config, VertxClients vertx, SplittableRandom random,
                WorkerMetrics metrics, WorkerMetrics rehearsal) {
        super(index, target);
        this.timers = new WorkerMetrics[] {rehearsal, metrics};
        this.config = config;
        this.vertx = vertx;
        this.dialect = vertx.dialect();
        this.distribution = config.distribution();
        this.random = random;
        this.metrics = metrics;
        this.order = TpcbTransaction.order(config.selectOnly());
        this.sql = new String[order.length];
        for (int i = 0; i < order.length; i++) {
            sql[i] = dialect.sql(TpcbTransaction.sql(order[i]));
        }
        guard.handle(new CallGuard.Handle() {
            @Override
            public void cancel() {
                SqlConnection c = connection;
                if (c != null) {
                    dialect.cancel(vertx, c, session);
                }
            }

            @Override
            public void abort() {
                SqlConnection c = connection;
                if (c != null) {
                    c.close();
                }
            }
        });
    }

    @Override
    void open() throws SQLException {
        context = vertx.context();
        // A callback that throws is a bug of this class: it ends the round as a client failure, not in a hang.
        context.exceptionHandler(t -> {
            CompletableFuture<Void> done = roundDone;
            if (done != null) {
                done.completeExceptionally(t);
            }
        });
        CompletableFuture<SqlConnection> opened = new CompletableFuture<>();
        context.runOnContext(v -> connect().onComplete(ar -> {
            if (ar.succeeded()) {
                opened.complete(ar.result());
            } else {
                opened.completeExceptionally(ar.cause());
            }
        }));
        try {
            connection = opened.get();
        } catch (ExecutionException e) {
            throw connectFailure(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SQLException("client " + index + ": interrupted while connecting", "08001");
        }
    }

    /**
     * Connects on the client's event loop and readies the connection as {@link Worker#open()}
     * does its own: the isolation level (and the dialect's session), the commit count settled.
     * The statements are prepared by their first transaction, inside it, as pgjdbc prepares its
     * own after a few uses.
     */
    private Future<SqlConnection> connect() {
        return dialect.connect(vertx.vertx(), vertx.endpoint().options()).compose(c -> {
            // What the connection reports outside a call (the server ending an idle session)
            // reaches the client at its next call; unhandled, Vert.x would print it on stderr.
            c.exceptionHandler(t -> { });
            return ready(c).transform(ar -> {
                if (ar.failed()) {
                    c.close();
                    return Future.failedFuture(ar.cause());
                }
                return Future.succeededFuture(c);
            });
        });
    }

    private Future<Void> ready(SqlConnection c) {
        Future<?> f = Future.succeededFuture();
        if (dialect.sessionQuery() != null) {
            f = c.query(dialect.sessionQuery()).execute().onSuccess(rows -> session = rows.iterator().next().getLong(0));
        }
        for (String statement : dialect.session(config.isolation(), vertx.endpoint())) {
            f = f.compose(x -> c.query(statement).execute());
        }
        statements.clear();
        for (String statement : sql) {
            statements.add(c.preparedQuery(statement));
        }
        // Setting up committed on the server: that counts now, not in the run.
        CommitCounter counter = CommitCounter.forRun(target.engine(), false);
        if (counter != null && counter.settle() != null) {
            // As Worker's: a server that cannot settle only leaves the closure inexact.
            f = f.compose(x -> c.query(counter.settle()).execute().otherwiseEmpty());
        }
        return f.mapEmpty();
    }

    @Override
    void run(RoundPlan plan, long offsetNanos, BooleanSupplier stop) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        roundDone = done;
        roundStarts.start(context, () -> {
            this.schedule = new ClientSchedule(plan, offsetNanos, index(), metrics);
            this.stop = stop;
            next();
        });
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    done.get();
                    break;
                } catch (InterruptedException e) {
                    // The watchdog's abort already closed the connection under the call, which
                    // fails on the loop at once; returning now would leave the loop running this
                    // client into the next round.
                    interrupted = true;
                }
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("client " + index + " failed: " + e.getCause(), e.getCause());
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    void rehearseRoundStart() {
        roundStarts.rehearse(context);
    }

    /** The next transaction, when the schedule lets it start; or the client's part of the round ends. */
    private void next() {
        if (stop.getAsBoolean() || gaveUp()) {
            finish();
        } else if (!schedule.plan().paced()) {
            begin(System.nanoTime());
        } else if (schedule.mayStart(System.nanoTime())) {
            awaitStart();
        } else {
            finish();
        }
    }

    /** Waits on the loop's timer until the intended start: its lateness is latency, as a parked thread's is. */
    private void awaitStart() {
        long wait = schedule.intended() - System.nanoTime();
        if (wait <= 0) {
            begin(schedule.intended());
        } else if (stop.getAsBoolean() || schedule.plan().over(schedule.intended())) {
            finish();
        } else {
            later(Math.min(wait, MAX_WAIT_NANOS), this::awaitStart);
        }
    }

    private void begin(long start) {
        if (!schedule.start(start)) {
            finish();
            return;
        }
        if (connection == null) {
            reconnect(() -> begin(start, schedule.phase()));
        } else {
            begin(start, schedule.phase());
        }
    }

    private void begin(long start, int phase) {
        txStart = start;
        tries = 1;
        timer = timers[phase];
        distribution.next(random, config.branches(), in);
        // A step that came too late for the last transaction is not this one's.
        guard.takeCancel();
        guard.takeAborted();
        attempt();
    }

    /**
     * BEGIN, where the dialect sends one, rides with the first statement, one write and one round
     * trip for both, as pgjdbc sends them. The pair is no cancel's until BEGIN has answered: BEGIN
     * is a protocol unit of its own, and a cancel that hit it would leave the statement after it to
     * run, and commit, alone.
     */
    private void attempt() {
        committing = false;
        timer.start();
        if (!((SqlConnectionInternal) connection).unwrap().isValid()) {
            // Vert.x fails a group sent on a closed connection as a whole, and never answers the
            // statements in it: a connection the server ended while this client was between
            // transactions (a restart, a terminated session) is lost here instead of waited on.
            failed(new SQLException("the server closed the connection", "08003"));
            return;
        }
        if (dialect.begin() == null) {
            statement(0);
            return;
        }
        guard.begin(false);
        Tuple first = values(order[0]);
        Throwable[] beginFailed = new Throwable[1];
        ((SqlClientInternal) connection).group(pair -> {
            pair.query(dialect.begin()).execute(ar -> {
                if (ar.succeeded()) {
                    guard.begin(true);
                } else {
                    beginFailed[0] = ar.cause();
                }
            });
            pair.preparedQuery(sql[0]).execute(first,
                    ar -> answered(0, beginFailed[0] == null ? ar : Future.failedFuture(beginFailed[0])));
        });
    }

    private void statement(int i) {
        if (i == order.length) {
            commit();
            return;
        }
        guard.begin(true);
        statements.get(i).execute(values(order[i]), ar -> answered(i, ar));
    }

    private void answered(int i, AsyncResult<RowSet<Row>> ar) {
        Step step = order[i];
        if (ar.failed()) {
            failed(ar.cause());
        } else if (step == Step.SELECT_ACCOUNT && ar.result().size() == 0) {
            failed(new SQLException("account row not found", "02000"));
        } else {
            timer.lap(step);
            statement(i + 1);
        }
    }

    private Tuple values(Step step) {
        Tuple values = Tuple.tuple();
        for (int v : TpcbTransaction.values(step, in)) {
            values.addInteger(v);
        }
        return values;
    }

    private void commit() {
        committing = true;
        guard.begin(false);
        connection.query("COMMIT").execute(ar -> {
            if (ar.failed()) {
                failed(ar.cause());
                return;
            }
            committing = false;
            guard.idle();
            timer.lap(Step.COMMIT);
            timer.committed(System.nanoTime() - txStart);
            schedule.finished();
            next();
        });
    }

    /** A try failed: judged as {@link Worker}'s are, then rolled back where the connection still stands. */
    private void failed(Throwable cause) {
        guard.idle();
        SQLException e = sqlException(cause);
        TryFailure failure = TryFailure.of(e, guard, false, stop.getAsBoolean(), target.engine());
        AfterFailure after = AfterFailure.of(failure, tries, config.maxTries(), committing);
        if (after.inDoubt()) {
            metrics.inDoubt();
        }
        if (failure.lost()) {
            judged(e, failure, after);
        } else {
            connection.query("ROLLBACK").execute(ar -> judged(e, failure, after));
        }
    }

    private void judged(SQLException e, TryFailure failure, AfterFailure after) {
        boolean measured = schedule.measured();
        if (after.retry()) {
            if (measured) {
                metrics.retried(failure.cause());
            }
            tries++;
            attempt();
            return;
        }
        if (after.failedAs() != null) {
            noteFirstError(e);
            after.countFailed(metrics, measured, System.nanoTime() - txStart);
        }
        schedule.finished();
        if (after.reconnect()) {
            reconnect(this::next);
        } else {
            next();
        }
    }

    /**
     * As {@link Worker}'s: tries to connect again after each of {@link Reconnect}'s pauses until
     * it works ({@code connected} runs), or the round is over, the run stops or the server stayed
     * away too long (the client's part of the round ends).
     */
    private void reconnect(Runnable connected) {
        // Not waited for: the close runs on this very loop, which a wait would hold up for every
        // client on it.
        dropConnection();
        retryConnect(new Reconnect(), connected);
    }

    private void retryConnect(Reconnect reconnect, Runnable connected) {
        Reconnect.Step step = reconnect.next(stop.getAsBoolean(), schedule.plan().over(System.nanoTime()));
        if (step != Reconnect.Step.TRY_AGAIN) {
            if (step == Reconnect.Step.GIVE_UP) {
                giveUp();
            }
            finish();
        } else {
            later(TimeUnit.MILLISECONDS.toNanos(reconnect.nextPauseMillis()), () -> connect().onComplete(ar -> {
                if (ar.succeeded()) {
                    connection = ar.result();
                    if (schedule.measured()) {
                        metrics.reconnected();
                    }
                    connected.run();
                } else {
                    retryConnect(reconnect, connected);
                }
            }));
        }
    }

    /** Runs {@code task} on the client's context after {@code nanos}, by the event loop's own timer (finer than Vert.x's). */
    private void later(long nanos, Runnable task) {
        context.nettyEventLoop().schedule(() -> context.emit(v -> task.run()), nanos, TimeUnit.NANOSECONDS);
    }

    private void finish() {
        roundDone.complete(null);
    }

    /** The server's own error with its SQLSTATE; anything else of the client's means the connection is gone. */
    private SQLException sqlException(Throwable t) {
        if (t instanceof SQLException sql) {
            return sql;
        }
        SQLException server = dialect.error(t);
        return server != null ? server : new SQLException("connection lost: " + message(t), "08006");
    }

    /** Why a connection could not be opened: the server's refusal with its SQLSTATE, else 08001. */
    private SQLException connectFailure(Throwable t) {
        SQLException server = dialect.error(t);
        return server != null ? server : new SQLException("could not connect: " + message(t), "08001");
    }

    private String message(Throwable t) {
        return Redact.message(t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage(), target.password());
    }

    @Override
    void abort() {
        guard.abort();
    }

    /** Closes the connection and waits a moment for it, so that Vert.x is not shut down under a close. */
    @Override
    public void close() {
        VertxClients.await(dropConnection(), CLOSE_WAIT_MILLIS);
    }

    /** Forgets the connection and closes it; the close's outcome (done at once when there was none). */
    private Future<Void> dropConnection() {
        SqlConnection c = connection;
        connection = null;
        return c == null ? Future.succeededFuture() : c.close();
    }
}
