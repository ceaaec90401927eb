package io.benchlab.runner;

import java.time.Duration;

/**
 * Every default of the runner, in one place. The CLI help, the README and the result's
 * knobs all read these, so a default is changed here and nowhere else.
 */
public final class Defaults {

    /** Engine used when none is named: in-memory HSQLDB with MVCC, needs nothing but a JDK. */
    public static final String ENGINE = "hsqldb";

    /** TPC-B scale: 1 branch, 10 tellers, 100,000 accounts per unit. */
    public static final int SCALE = 1;

    /** Client threads, one connection each. */
    public static final int CLIENTS = 4;

    /** Measured phase length when neither a duration nor a per-client count is given. */
    public static final Duration DURATION = Duration.ofSeconds(10);

    /** Warm-up before the first round, as the CLI reads a duration; its transactions count in no figure. */
    public static final String WARMUP = "2s";

    /** Measured rounds; the round with the median tps is the one that counts. */
    public static final int ROUNDS = 1;

    /** Tries per transaction on serialization failures and deadlocks (1 = no retry). */
    public static final int MAX_TRIES = 10;

    /** Progress line and interval-series resolution, as the CLI reads a duration. */
    public static final String INTERVAL = "1s";

    /** Rows per JDBC batch (and per commit) when loading. */
    public static final int LOAD_BATCH_SIZE = 10_000;

    /** How often a long load prints its progress. */
    public static final Duration LOAD_PROGRESS_EVERY = Duration.ofSeconds(2);

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

    /**
     * Container backends (docker now, kubernetes next): the database and the runner each get
     * their own CPU and memory limits, as on the cluster. One CPU each fits a 2-core machine.
     */
    public static final double DB_CPUS = 1.0;
    public static final String DB_MEMORY = "2g";
    public static final double RUNNER_CPUS = 1.0;
    public static final String RUNNER_MEMORY = "1g";

    /** How long a managed database may take from container start to answering over JDBC. */
    public static final Duration DB_READY_TIMEOUT = Duration.ofSeconds(120);

    /**
     * A containerised run is stopped (and its result kept, as interrupted) after its planned
     * time plus this much, which covers the load and the consistency checks.
     */
    public static final Duration RUN_TIMEOUT_SLACK = Duration.ofMinutes(30);

    /** How long a stopped runner gets to write its interrupted result before it is killed. */
    public static final Duration RUNNER_STOP_GRACE = Duration.ofSeconds(30);

    private Defaults() {
    }
}
