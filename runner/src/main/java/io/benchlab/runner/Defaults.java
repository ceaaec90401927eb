package io.benchlab.runner;

import java.time.Duration;

/**
 * Every default of the runner, in one place. The CLI help, the README and the result's
 * knobs all read these, so a default is changed here and nowhere else.
 */
public final class Defaults {

    /** Engine used when none is named: in-memory HSQLDB with MVCC, needs nothing but a JDK. */
    public static final String ENGINE = "hsqldb";

    /** Client threads, one connection each. */
    public static final int CLIENTS = 4;

    /** Measured phase length when neither a duration nor a per-client count is given, as the CLI reads a duration. */
    public static final String DURATION = "10s";

    /**
     * Without --warmup, the warm-up lasts until the client is warm ({@code WarmupSettle}), and at
     * least this long: the JIT compiles in bursts, and a quiet second or two early on is not yet
     * the end of it (see bench/README.md, "The JIT in default runs").
     */
    public static final int WARMUP_MIN_SECONDS = 5;

    /**
     * ... and at most this long: a client whose throughput still wanders after it is measured as
     * it is (and warned of), rather than warmed without end.
     */
    public static final int WARMUP_MAX_SECONDS = 60;

    /**
     * Once the client is warm, the settling warm-up ends as a round does (the clients finish, the
     * event loops idle, the heap is collected) and they warm up this long more before round 1. A
     * round's end takes branches the warm-up never took, and the JIT threw the clients' compiled
     * code away there and compiled it again at the next round's start: inside the measured phase
     * (bench/README.md, "The JIT in default runs").
     */
    public static final Duration REWARM = Duration.ofSeconds(2);

    /** Client pods cannot agree mid-warm-up when each of them is warm: without --warmup they warm up this long. */
    public static final int POD_WARMUP_SECONDS = 15;

    /** How long each step of --rate-steps after the first runs at its rate before it is measured, as the CLI reads it. */
    public static final String STEP_SETTLE = "5s";

    /** Measured rounds; the run's figures are all of them together, and each is kept on its own. */
    public static final int ROUNDS = 1;

    /** Tries per transaction on serialization failures and deadlocks (1 = no retry). */
    public static final int MAX_TRIES = 10;

    /** How a transaction picks its rows: TPC-B's rule (85% of accounts in the teller's branch). */
    public static final String DISTRIBUTION = "tpcb";

    /** Prepared statements with bind parameters, as a real application issues them. */
    public static final String STATEMENTS = "prepared";

    /** The engine's own default isolation. */
    public static final String ISOLATION = "default";

    /** The database's own statistics are sampled while the clients run, on a connection of their own. */
    public static final String SERVER_STATS = "on";

    // --driver has no constant: its default is the engine's (WorkloadConfig.requireSupportedBy).

    /**
     * A statement (or commit) running longer than this is cancelled and its transaction counted
     * as failed with cause "timeout", so a database that stops answering cannot stretch a run;
     * as the CLI reads a duration, 0 turns it off. TPC-B statements take milliseconds: 5 s only
     * ever cuts a stall.
     */
    public static final String STATEMENT_TIMEOUT = "5s";

    /** A cancelled statement that has still not returned after this long gets its connection aborted. */
    public static final Duration ABORT_AFTER_CANCEL = Duration.ofSeconds(1);

    /**
     * Under --rate, clients still behind their schedule stop starting transactions this long after
     * the measured phase's planned end; what they had not started by then counts as missed starts.
     */
    public static final Duration SCHEDULE_GRACE = Duration.ofMillis(500);

    /**
     * After SIGINT/SIGTERM or a stop, the run must have written its result within this long,
     * whatever the database is doing: in-flight statements are cancelled at once, connections that
     * do not return are aborted after {@link #ABORT_AFTER_CANCEL}, and the after-run check gets
     * what is left.
     */
    public static final Duration STOP_WITHIN = Duration.ofSeconds(4);

    /**
     * How long a signal's stop hook holds the JVM for the run to write its result and print its
     * summary: STOP_WITHIN is what the stop aims at, and the 3 s past it are for a box whose cores
     * are contended, where that last, cold code is slow. With half a second past it, a SIGTERM
     * during a lock (2 cores that three test lanes shared) exited with 143 and no summary. The
     * hold ends as soon as the command is over; the lab's stop grace for a runner is 30 s.
     */
    public static final Duration STOP_HOLD = STOP_WITHIN.plusSeconds(3);

    /** Each consistency-check query may take this long (a table lock can hold it up), then it is cancelled. */
    public static final Duration CHECK_TIMEOUT = Duration.ofSeconds(60);

    /**
     * How long a lost server is waited for: a client reconnecting during the run, and the after-run
     * check (a restart at the end of a run), each give up after this long.
     */
    public static final Duration RECONNECT_FOR = Duration.ofSeconds(30);

    /** Most clients a run accepts, whatever the database and the machine could take (one thread and connection each). */
    public static final int MAX_CLIENTS = 4096;

    /** Threads the runner keeps for itself (collector, watchdog, JVM) beyond one per client. */
    public static final int RESERVED_THREADS = 64;

    /** A warning when more than this share of measured transactions failed for good. */
    public static final double WARN_FAILURE_RATIO = 0.01;

    /** A warning for intervals this many times longer than --interval: the series has a gap there. */
    public static final double WARN_GAP_FACTOR = 2.0;

    /**
     * A warning when the JIT compiler threads took more than this share of the client's CPU in the
     * measured phase, or of one core over it where the client used less (see {@code JitCpu.share}):
     * the target for a warm client, twice what a settled warm-up allows itself
     * ({@code WarmupSettle.JIT_SHARE}), so that a warm run's bursts stay under it.
     */
    public static final double WARN_JIT_SHARE = 0.02;

    /** Below this much JIT CPU in the measured phase, seconds, no share is judged: /proc counts it in 10 ms ticks. */
    public static final double WARN_JIT_MIN_SECONDS = 0.1;

    /**
     * A trend in tps over the measured phase is warned of from this size (the fitted change from
     * its start to its end, as a share): the change lab compare calls out by default.
     */
    public static final double WARN_TREND_CHANGE = 0.05;

    /** Fewer measured intervals than this are not tested for a trend: too few to tell one at p 0.001. */
    public static final int WARN_TREND_MIN_INTERVALS = 10;

    /** Progress line and interval-series resolution, as the CLI reads a duration. */
    public static final String INTERVAL = "1s";

    /** The finest --interval: a progress line per interval, so finer would flood the console. */
    public static final int MIN_INTERVAL_MILLIS = 100;
    public static final Duration MIN_INTERVAL = Duration.ofMillis(MIN_INTERVAL_MILLIS);

    /**
     * The longest value any duration option takes (--duration, --warmup, --interval, --timeout),
     * and the longest planned run (warm-up plus rounds x duration): beyond it a typo is likelier
     * than a plan.
     */
    public static final int MAX_DURATION_DAYS = 30;
    public static final Duration MAX_DURATION = Duration.ofDays(MAX_DURATION_DAYS);

    /** Rows per JDBC batch (and per commit) when loading. */
    public static final int LOAD_BATCH_SIZE = 10_000;

    /** The largest --load-batch-size: the driver holds a whole batch in memory (one branch's accounts). */
    public static final int MAX_LOAD_BATCH_SIZE = 100_000;

    /** A password file larger than this is the wrong file (or /dev/zero), not a password. */
    public static final int MAX_PASSWORD_FILE_BYTES = 4096;

    /** How often a long load prints its progress. */
    public static final Duration LOAD_PROGRESS_EVERY = Duration.ofSeconds(2);

    /** Where a pod finds its service account's token and CA certificate, for the kubelet. */
    public static final String KUBELET_CREDENTIALS = "/var/run/secrets/kubernetes.io/serviceaccount";

    /** A read of the server's statistics that takes longer than this ends the sampling (the run goes on). */
    public static final Duration SERVER_STATS_TIMEOUT = Duration.ofSeconds(5);

    /**
     * Client pods meet in the database before each round: a pod waiting to start polls this often,
     * which bounds how far apart their measured phases start (the skew the result records).
     */
    public static final Duration POD_MEET_POLL = Duration.ofMillis(5);

    /**
     * The leader lets the pods go this long after the last of them is ready: one period of the
     * kernel's CPU quota (CFS, 100 ms), so that a pod under a CPU limit that spent its quota just
     * before (the heap settled by a full collection, the clients opened) has it back, and is not
     * held off the CPU for the rest of a period as the others start (bench.pod_skew).
     */
    public static final Duration POD_GO_SETTLE = Duration.ofMillis(100);

    /** How long a client pod waits at a meeting for the others (pods start minutes apart at most), and for the end of their rounds. */
    public static final Duration POD_MEET_WITHIN = Duration.ofMinutes(5);

    /** How long the other client pods wait for the leading pod's load. */
    public static final Duration POD_LOAD_WAIT = Duration.ofHours(2);

    /** How often runner memory is sampled during a measured phase (the seeds used 100 ms). */
    public static final Duration MEMORY_SAMPLE_EVERY = Duration.ofMillis(100);

    /** Where results go when --output is not given: results/&lt;run-id&gt;.json. */
    public static final String RESULTS_DIR = "results";

    /** Where file-backed embedded engines keep their data. */
    public static final String DATA_DIR = "data";

    /** Environment variable that may hold the database password. */
    public static final String PASSWORD_ENV = "BENCHLAB_PASSWORD";

    /**
     * HdrHistogram range and precision: 1 µs .. 1 hour at 3 significant digits, so a stalled
     * database still lands in the histogram instead of being clipped.
     */
    public static final long HISTOGRAM_MAX_NANOS = Duration.ofHours(1).toNanos();
    public static final int HISTOGRAM_DIGITS = 3;

    /** InfluxDB organisation and bucket when --influx-org and --influx-bucket are not given (.ci/influx and make stack make them). */
    public static final String INFLUX_ORG = "benchlab";
    public static final String INFLUX_BUCKET = "benchlab";

    /** Environment variable that may hold the InfluxDB token (else --influx-token-file); never an argument. */
    public static final String INFLUX_TOKEN_ENV = "INFLUX_TOKEN";

    /**
     * Points an InfluxDB sink keeps in memory while InfluxDB does not answer; more go to a spill file
     * (one line of line protocol each) and are replayed in order when it answers again. At 1 s
     * intervals a run makes 7 points a second: this holds about 20 minutes of outage in memory.
     */
    public static final int INFLUX_BUFFER_POINTS = 10_000;

    /** Points per write request. */
    public static final int INFLUX_BATCH_POINTS = 1_000;

    /** How long one write request may take (connect, send, answer) before InfluxDB counts as not answering. */
    public static final Duration INFLUX_REQUEST_TIMEOUT = Duration.ofSeconds(5);

    /** The longest pause between tries while InfluxDB does not answer (the first is 250 ms, then doubling). */
    public static final Duration INFLUX_RETRY_MAX = Duration.ofSeconds(2);

    /**
     * How long the end of a run waits for an InfluxDB sink to send what it holds (once before the
     * result is written, once at close); what is still unsent then stays in the spill directory.
     */
    public static final Duration INFLUX_FLUSH_WAIT = Duration.ofSeconds(10);

    /**
     * Where unsent points are kept, one folder per InfluxDB URL, org and bucket; the next run that
     * streams to the same place sends them first. Relative to the user's home.
     */
    public static final String INFLUX_SPILL_DIR = ".cache/benchlab/influx-spill";

    private Defaults() {
    }
}
