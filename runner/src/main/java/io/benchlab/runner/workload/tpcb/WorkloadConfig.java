package io.benchlab.runner.workload.tpcb;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Durations;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.engine.Engine;
import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.Locale;

/**
 * Every knob of a run, each declared once on its component ({@link Knob}): its option, default,
 * help, least value, its meaning in a result and in a comparison. Made through {@link KnobCodec}
 * (from the options, a result's knobs or a map of values), which checks each knob against its
 * declaration; the constructor checks what involves more than one knob, and the rest of what a
 * knob's own declaration cannot say. Exactly one of {@code duration} and
 * {@code transactionsPerClient} is set; {@code statementTimeout} zero means no limit.
 */
public record WorkloadConfig(
        @Knob(names = {"-s", "--scale"}, label = "N", min = 1, optional = true,
                help = "TPC-B scale: N branches, 10*N tellers, 100,000*N accounts (default: one branch per client).",
                result = "TPC-B scale factor: number of branches (each with 10 tellers and 100,000 accounts); absent"
                        + " when --scale was not given and the run had one branch per client (knobs.clients), as"
                        + " pgbench advises, so that the clients do not queue on the branch rows.")
        Integer scale,
        @Knob(names = {"-c", "--clients"}, label = "N", defaults = "" + Defaults.CLIENTS, min = 1,
                help = "Client threads, one connection each (default: ${DEFAULT-VALUE}).",
                result = "Number of concurrent client connections (threads) issuing transactions.")
        int clients,
        @Knob(names = {"-d", "--duration"}, label = "TIME", optional = true,
                help = "Length of each measured round, e.g. 30s, 5m, 1h30m, 2d (default: " + Defaults.DURATION
                        + " unless -t is given)."
                        + " Every duration option takes ms, s, m, h and d, up to " + Defaults.MAX_DURATION_DAYS + "d.",
                result = "Length of each measured round in seconds, excluding warm-up; present when the run is"
                        + " time-bound.")
        Duration duration,
        @Knob(names = {"-t", "--transactions-per-client"}, label = "N", min = 1, optional = true,
                help = "Measured transactions per client and round, instead of a duration.",
                result = "Number of transactions each client runs per measured round (a count); present when the run"
                        + " is count-bound.")
        Long transactionsPerClient,
        @Knob(label = "TIME", optional = true,
                help = "Warm-up before the first round, of exactly this length, excluded from every figure (default:"
                        + " until the client is warm: its JIT has settled and its throughput stopped climbing, "
                        + Defaults.WARMUP_MIN_SECONDS + "s to " + Defaults.WARMUP_MAX_SECONDS + "s).",
                result = "Length of the warm-up phase in seconds, as given; 0 means no warm-up. Absent when"
                        + " --warmup was not given and the warm-up lasted until the client was warm (see the result's"
                        + " warmup for how long it took and why it ended).")
        Duration warmup,
        @Knob(names = "--rate", label = "TPS", optional = true,
                help = "Total target rate; latency is then timed from each transaction's intended start.",
                result = "Target aggregate rate in transactions per second (tps) across all clients; absent when the"
                        + " clients run flat out. Under a rate limit latency is measured from each transaction's"
                        + " intended start.")
        Double rateTps,
        @Knob(label = "TPS,TPS...", optional = true,
                help = "Offered rates of a stepped load, rising, e.g. 1000,2000,4000: one measured round per step, each"
                        + " with its own figures, the first after the warm-up, each later one after --step-settle at"
                        + " its rate; latency timed from each intended start. --rounds is the number of steps. Not with"
                        + " --rate or --rate-ramp.",
                result = "Offered rates of a stepped load in tps, comma-separated and rising (\"1000,2000,4000\"):"
                        + " round i ran at step i's rate, after a settle at that rate (step_settle_seconds) for the"
                        + " steps after the first, and keeps its own figures (rounds[].figures.schedule). Absent when"
                        + " the run had no steps.")
        RateSteps rateSteps,
        @Knob(label = "TIME", optional = true,
                help = "Measured length of each step of --rate-steps (default: --duration).",
                result = "Measured length of each step of rate_steps in seconds; absent when the steps lasted"
                        + " duration_seconds.")
        Duration stepDuration,
        @Knob(label = "TIME", optional = true,
                help = "Time each step of --rate-steps after the first runs at its rate before it is measured, excluded"
                        + " from every figure; 0 allowed (default: " + Defaults.STEP_SETTLE + ").",
                result = "Time in seconds each step of rate_steps after the first ran at its rate before it was"
                        + " measured, excluded from every figure; present with rate_steps.")
        Duration stepSettle,
        @Knob(label = "FROM..TO", optional = true,
                help = "Offered rate rising linearly from FROM to TO tps over one measured phase of --ramp-duration,"
                        + " e.g. 500..8000, after a warm-up at FROM; latency timed from each intended start. Not with"
                        + " --rate or --rate-steps.",
                result = "A ramp of the offered rate in tps (\"500..8000\"): the one measured phase's rate rose"
                        + " linearly from the first to the second over ramp_duration_seconds (or duration_seconds);"
                        + " each interval has its offered_tps. Absent when the run had no ramp.")
        RateRamp rateRamp,
        @Knob(label = "TIME", optional = true,
                help = "Length of the ramp of --rate-ramp, its measured phase, at least two --interval"
                        + " (default: --duration).",
                result = "Length in seconds of the ramp of rate_ramp, its measured phase; absent when it lasted"
                        + " duration_seconds.")
        Duration rampDuration,
        @Knob(label = "N", defaults = "" + Defaults.ROUNDS, min = 1,
                help = "Measured rounds; each is reported, and the run's figures are all of them together; lab compare"
                        + " needs 5 or more a side; under --rate-steps one per step, under --rate-ramp one"
                        + " (default: ${DEFAULT-VALUE}).",
                result = "Number of measured rounds the run was configured for.")
        int rounds,
        @Knob(label = "N", difference = Knob.Difference.TELL,
                help = "Seed of the per-client random streams (default: random, recorded in the result).",
                result = "Seed of the random generators that pick accounts, tellers, branches and deltas; any 64-bit"
                        + " integer.")
        long seed,
        @Knob(label = "NAME", defaults = Defaults.DISTRIBUTION,
                help = "Row choice: tpcb (85%% home branch) or pgbench (uniform) (default: ${DEFAULT-VALUE}).",
                result = "How accounts are chosen: \"tpcb\" follows the TPC-B rule (85% of accounts from the teller's"
                        + " own branch), \"pgbench\" picks any account uniformly as pgbench does.")
        Distribution distribution,
        @Knob(label = "MODE", defaults = Defaults.STATEMENTS,
                help = "prepared or direct (default: ${DEFAULT-VALUE}).",
                result = "How SQL is issued: \"prepared\" uses PreparedStatements with bind parameters, \"direct\""
                        + " sends literal SQL text through plain Statements.")
        StatementMode statements,
        @Knob(help = "Commit every statement on its own instead of one transaction.",
                result = "true when each statement commits on its own (JDBC auto-commit); false when the statements of"
                        + " a transaction commit together.")
        boolean autocommit,
        @Knob(label = "LEVEL", defaults = Defaults.ISOLATION,
                help = "default, read-uncommitted, read-committed, repeatable-read or serializable.",
                result = "JDBC transaction isolation level requested; \"default\" keeps the engine's default.")
        Isolation isolation,
        @Knob(help = "Run only the account balance read (TPC-B read-only mix).",
                result = "true when each transaction only reads an account balance (pgbench -S style) instead of"
                        + " running the full TPC-B update transaction.")
        boolean selectOnly,
        @Knob(label = "N", defaults = "" + Defaults.MAX_TRIES, min = 1,
                help = "Tries per transaction on serialization failures and deadlocks (default: ${DEFAULT-VALUE}).",
                result = "Maximum number of tries of one transaction; 1 means failed transactions are not retried.")
        int maxTries,
        @Knob(label = "TIME", defaults = Defaults.INTERVAL, difference = Knob.Difference.TELL,
                help = "Progress line and interval-series resolution, at least " + Defaults.MIN_INTERVAL_MILLIS
                        + "ms (default: ${DEFAULT-VALUE}).",
                result = "Length of one progress interval in seconds (see intervals).")
        Duration interval,
        @Knob(label = "N", defaults = "" + Defaults.LOAD_BATCH_SIZE, min = 1, difference = Knob.Difference.IGNORE,
                help = "Rows per batch when loading without a row generator, at most " + Defaults.MAX_LOAD_BATCH_SIZE
                        + " (default: ${DEFAULT-VALUE}).",
                result = "Number of rows per JDBC batch when loading the data.")
        int loadBatchSize,
        @Knob(help = "Reload the data before the run even if it is there.", result = Knob.NOT_RECORDED)
        boolean init,
        @Knob(label = "TIME", defaults = Defaults.STATEMENT_TIMEOUT,
                help = "Cancel a statement or commit running longer than this; its transaction fails with cause"
                        + " timeout. 0 = no limit (default: ${DEFAULT-VALUE}).",
                result = "A statement (or commit) running longer than this many seconds was cancelled and its"
                        + " transaction counted as failed with cause \"timeout\"; 0 means no limit.")
        Duration statementTimeout,
        @Knob(label = "on|off", defaults = Defaults.SERVER_STATS, absent = "off",
                help = "Read the database's own counters per interval and its sessions by wait, on a connection"
                        + " of its own (PostgreSQL, MySQL, MariaDB) (default: ${DEFAULT-VALUE}).",
                result = "on when the runner sampled the database's own statistics while the clients ran (see the"
                        + " result's server_stats), off when not (--server-stats off). Absent in results from before"
                        + " this knob, whose runs sampled nothing.")
        Sampling serverStats,
        @Knob(label = "NAME", optional = true, absent = "jdbc",
                help = "vertx (PostgreSQL, MySQL, MariaDB): every connection on a few event-loop threads, so that the"
                        + " client does not run out of CPU first; or jdbc: the engine's JDBC driver, a thread each"
                        + " (default: vertx where the engine has it and the run uses prepared statements in explicit"
                        + " transactions, else jdbc).",
                result = "How the clients talked to the database, as they ran (a defaulted driver is recorded as the"
                        + " one chosen): jdbc (the engine's JDBC driver, a thread blocked on each connection) or vertx"
                        + " (PostgreSQL, MySQL and MariaDB: Vert.x's client of the engine's protocol, every connection"
                        + " on a few event-loop threads; the same transaction, round trips and checks). Absent in"
                        + " results from before this knob, whose runs used jdbc.")
        ClientDriver driver) {

    /** Prepared statements (the default) or plain statements with inlined values. */
    public enum StatementMode { PREPARED, DIRECT }

    /** Whether the runner samples the database's own statistics while the clients run. */
    public enum Sampling { ON, OFF }

    /**
     * How the clients talk to the database: the engine's JDBC driver, one thread blocked on each
     * connection; or (PostgreSQL, MySQL, MariaDB) Vert.x's client, every connection on a few
     * event-loop threads, so the client spends its CPU on the transactions and not on waking a
     * thread per round trip. Null until {@link #requireSupportedBy} chooses for the engine.
     */
    public enum ClientDriver { JDBC, VERTX }

    public WorkloadConfig {
        // The clients first: a scale derived from too many clients is their fault, not the scale's.
        if (clients > Defaults.MAX_CLIENTS) {
            throw new BadInputException("--clients " + clients + " is more than benchlab runs (at most "
                    + Defaults.MAX_CLIENTS + ", one thread and one connection each)");
        }
        checkLoad(scale != null ? scale : Math.max(1, clients), loadBatchSize);
        if ((duration == null) == (transactionsPerClient == null)) {
            throw new BadInputException("give either --duration or --transactions-per-client, not both");
        }
        if (duration != null && (duration.isNegative() || duration.isZero())) {
            throw new BadInputException("--duration must be positive, got " + Durations.text(duration));
        }
        if (warmup != null && warmup.isNegative()) {
            throw new BadInputException("--warmup must not be negative, got " + Durations.text(warmup));
        }
        if (interval.compareTo(Defaults.MIN_INTERVAL) < 0) {
            throw new BadInputException("--interval must be at least " + Durations.text(Defaults.MIN_INTERVAL)
                    + " (one progress line each), got " + Durations.text(interval));
        }
        if (statementTimeout.isNegative()) {
            throw new BadInputException("--statement-timeout must not be negative, got " + Durations.text(statementTimeout));
        }
        if (rateTps != null && !(rateTps > 0 && Double.isFinite(rateTps))) {
            throw new BadInputException("--rate must be a positive number of transactions per second, got " + rateTps);
        }
        if (rateTps != null && duration != null && rateTps * seconds(duration) < 1) {
            throw new BadInputException("--rate " + plain(rateTps) + " schedules no transaction in a "
                    + Durations.text(duration) + " round; give at least "
                    + plain(new BigDecimal(1 / seconds(duration)).round(new MathContext(3)).doubleValue()));
        }
        LoadProfileCheck.check(new LoadProfileCheck.Given(rateTps, rateSteps, stepDuration, stepSettle, rateRamp,
                rampDuration, duration, transactionsPerClient, rounds, interval));
        stepSettle = rateSteps != null && stepSettle == null ? Durations.parse(Defaults.STEP_SETTLE) : stepSettle;
        rounds = rateSteps != null ? rateSteps.count() : rounds;
        checkPlannedTime(longestWarmup(warmup), rounds, roundSeconds(measuredLength(duration, stepDuration,
                rampDuration), transactionsPerClient, clients, rateTps), stepSettle);
    }

    /** True when a schedule paces the clients: --rate, --rate-steps or --rate-ramp. */
    public boolean paced() {
        return rateTps != null || rateSteps != null || rateRamp != null;
    }

    /** The offered rates of the run: constant, stepped, ramped or none. */
    public LoadProfile profile() {
        if (rateSteps != null) {
            return LoadProfile.steps(rateSteps, stepSettle);
        }
        if (rateRamp != null) {
            return LoadProfile.ramp(rateRamp, seconds(measuredLength()));
        }
        return rateTps != null ? LoadProfile.constant(rateTps) : LoadProfile.UNPACED;
    }

    /**
     * The length of each measured round of a timed run: the step's (--step-duration), the ramp's
     * (--ramp-duration) or --duration; null for a per-client count.
     */
    public Duration measuredLength() {
        return measuredLength(duration, stepDuration, rampDuration);
    }

    private static Duration measuredLength(Duration duration, Duration stepDuration, Duration rampDuration) {
        return stepDuration != null ? stepDuration : rampDuration != null ? rampDuration : duration;
    }

    /**
     * The longest the run's clients may take: the warm-up, every round, and the settles between
     * steps; a round of a per-client count counts as UNKNOWN_ROUND.
     */
    public Duration plannedTime(Duration unknownRound) {
        Duration round = measuredLength() != null ? measuredLength() : unknownRound;
        Duration settles = stepSettle == null ? Duration.ZERO : stepSettle.multipliedBy(rounds - 1);
        return longestWarmup().plus(round.multipliedBy(rounds)).plus(settles);
    }

    /**
     * The branches the run loads and drives: --scale when given, else one per client, so that the
     * default run measures the engine and not the queue on one branch row. Every client pod
     * derives it from the run-wide clients, so they all load and expect the same scale.
     */
    public int branches() {
        return scale != null ? scale : Math.max(1, clients);
    }

    /** True when the warm-up lasts until the client is warm, rather than a --warmup given. */
    public boolean warmupSettles() {
        return warmup == null;
    }

    /** The longest the warm-up may take: --warmup when given, else the settling warm-up's bound and the re-warm after it. */
    public Duration longestWarmup() {
        return longestWarmup(warmup);
    }

    private static Duration longestWarmup(Duration warmup) {
        return warmup != null ? warmup : Duration.ofSeconds(Defaults.WARMUP_MAX_SECONDS).plus(Defaults.REWARM);
    }

    /** What the knobs of a load, which {@code init} takes without the rest, cannot say on their own. */
    public static void checkLoad(int scale, int loadBatchSize) {
        if (loadBatchSize > Defaults.MAX_LOAD_BATCH_SIZE) {
            throw new BadInputException("--load-batch-size must be at most " + Defaults.MAX_LOAD_BATCH_SIZE
                    + " (a batch is held in memory), got " + loadBatchSize);
        }
        if ((long) scale * 100_000L > Integer.MAX_VALUE) {
            throw new BadInputException("--scale " + scale + " is too large: account ids must fit in an INTEGER");
        }
    }

    /**
     * Refuses what the engine cannot run honestly, before anything is started; the config with
     * its driver chosen when none was given: vertx where the engine speaks it and the run's
     * statements allow it, else jdbc. A result records the driver that ran, never "default".
     */
    public WorkloadConfig requireSupportedBy(Engine engine) {
        if (engine.isolationsLosingUpdates().contains(isolation.jdbcLevel())) {
            throw new BadInputException(engine.name() + " loses concurrent updates at --isolation " + isolation.label()
                    + ", so TPC-B's balance sums cannot hold; choose read-committed or stricter");
        }
        if (driver == null) {
            boolean vertx = engine.speaksVertx() && !autocommit && statements == StatementMode.PREPARED;
            return withDriver(vertx ? ClientDriver.VERTX : ClientDriver.JDBC);
        }
        if (driver == ClientDriver.VERTX) {
            if (!engine.speaksVertx()) {
                throw new BadInputException("--driver vertx speaks PostgreSQL's and MySQL's protocols; " + engine.name()
                        + " runs with --driver jdbc");
            }
            if (autocommit || statements == StatementMode.DIRECT) {
                throw new BadInputException("--driver vertx runs prepared statements in explicit transactions;"
                        + " --autocommit and --statements direct run with --driver jdbc");
            }
        }
        return this;
    }

    private WorkloadConfig withDriver(ClientDriver chosen) {
        return new WorkloadConfig(scale, clients, duration, transactionsPerClient, warmup, rateTps, rateSteps,
                stepDuration, stepSettle, rateRamp, rampDuration, rounds, seed,
                distribution, statements, autocommit, isolation, selectOnly, maxTries, interval, loadBatchSize, init,
                statementTimeout, serverStats, chosen);
    }

    /** A round's planned length; unknown (0) for a per-client count that is not paced. */
    private static double roundSeconds(Duration duration, Long transactionsPerClient, int clients, Double rateTps) {
        if (duration != null) {
            return seconds(duration);
        }
        return rateTps == null ? 0 : (double) transactionsPerClient * clients / rateTps;
    }

    /** Refuses a run whose warm-up, rounds and settles between steps (STEP_SETTLE, null: none) outlast the most. */
    private static void checkPlannedTime(Duration warmup, int rounds, double roundSeconds, Duration stepSettle) {
        double settles = stepSettle == null ? 0 : (rounds - 1) * seconds(stepSettle);
        double planned = seconds(warmup) + rounds * roundSeconds + settles;
        if (planned > seconds(Defaults.MAX_DURATION)) {
            throw new BadInputException(String.format(Locale.ROOT,
                    "the run would take %.1f days (--warmup plus --rounds %d x %.1f hours%s); the most is %s",
                    planned / 86_400, rounds, roundSeconds / 3_600,
                    settles == 0 ? "" : String.format(Locale.ROOT, " plus %.1f hours of --step-settle", settles / 3_600),
                    Durations.text(Defaults.MAX_DURATION)));
        }
    }

    private static double seconds(Duration d) {
        return d.toNanos() / 1e9;
    }

    private static String plain(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }
}
