package io.benchlab.lab;

import java.time.Duration;

/**
 * Defaults of the lab's own commands (the runner's are in {@code io.benchlab.runner.Defaults}).
 * The help texts and the README read these, so a default is changed here and nowhere else.
 */
public final class LabDefaults {

    private LabDefaults() {
    }

    /**
     * lab compare: the significance level both tests on the rounds must reach for a change to count
     * (--alpha). At 0.01 the rank test needs 5 rounds a side; bench.compare_calibration measures
     * what it gives on this machine.
     */
    public static final double COMPARE_ALPHA = 0.01;

    /**
     * lab compare: with one run a side the variance between identical runs cannot be seen, so it is
     * taken as this many times the variance between the rounds of a run (--between-runs); with two
     * runs or more on a side it is measured. Measured here by bench.compare_calibration: identical
     * runs differed as a whole by about as much as their rounds did.
     */
    public static final double COMPARE_BETWEEN_RUNS = 1.0;

    /**
     * lab nightly: a cell's few earlier nights show their spread with few degrees of freedom (three
     * nights, two), too few for a t test to find even a halving. Their spread is blended with lab
     * compare's calibrated between-run variance ({@link #COMPARE_BETWEEN_RUNS}) as if that had been
     * seen over this many more nights; after a week of nights, what the nights show weighs more.
     */
    public static final double NIGHTLY_PRIOR_NIGHTS = 4;

    /**
     * lab compare: a change counts only when it is also this many percent of the baseline
     * (--threshold), so that a real but tiny difference fails no nightly gate.
     */
    public static final double COMPARE_THRESHOLD_PERCENT = 5.0;

    /**
     * lab compare: a latency change counts only when it is also this many milliseconds
     * (--latency-floor). Sub-millisecond percentiles (in-process engines) move by several times
     * between identical runs on a shared host, with the scheduler's wake-ups rather than the
     * engine; a real slowdown there shows in tps.
     */
    public static final double COMPARE_LATENCY_FLOOR_MS = 1.0;

    /**
     * lab compare: failures are the share of transactions that failed for good, 0 in most runs, so
     * a relative threshold says nothing there: a change of the share counts only beyond this many
     * percentage points. 0.1 points: 1 transaction in 1000.
     */
    public static final double COMPARE_FAILURES_POINTS = 0.1;

    /** lab nightly: how many earlier ok nights of a cell are its baseline (the plan's judge.nights). */
    public static final int NIGHTLY_NIGHTS = 7;

    /** lab nightly: where the nights' folders go, one per night, each cell's result and the reports in it. */
    public static final String NIGHTLY_RESULTS = "results/nightly";

    /** lab history: the p-value below which a change point counts (--p-value). See bench.changepoint_simulation. */
    public static final double HISTORY_P_VALUE = 0.001;

    /** The namespace of the kubernetes backend's objects (k8s/namespace makes it). */
    public static final String KUBE_NAMESPACE = "benchlab";

    /** The lab's relay of Docker's stats waits this long for one sample (the runner's own read waits 5 s). */
    public static final Duration CONTAINER_STATS_TIMEOUT = Duration.ofSeconds(3);

    /** A finished runner Job (and, through its owner references, the run's database) is removed this long after, even with no lab left to do it. */
    public static final Duration KUBE_TTL_AFTER_FINISHED = Duration.ofMinutes(10);

    /**
     * How long a pvc run's claim may take to bind (a provisioner makes the volume) before the run
     * fails with its events; {@code $BENCHLAB_KUBE_CLAIM_BIND_TIMEOUT} (whole seconds) replaces it,
     * for a slow provisioner, and for the test of a claim that never binds, which must not wait 90 s.
     */
    public static final Duration KUBE_CLAIM_BIND_TIMEOUT = Duration.ofSeconds(90);

    /** How long a pod may stay unschedulable before the run fails with the scheduler's reason (a node may be draining). */
    public static final Duration KUBE_UNSCHEDULABLE_GRACE = Duration.ofSeconds(20);

    /** How long a runner whose database pod was lost gets to leave its result before the lab stops reading (a run ends within 10 s of a loss). */
    public static final Duration KUBE_LOST_POD_GRACE = Duration.ofSeconds(5);

    /** How long the lab waits for the API server to answer before it says that it does not. */
    public static final Duration KUBE_API_TIMEOUT = Duration.ofSeconds(10);

    /** How long the lab waits for a run's objects to be gone from the API server once it deleted them. */
    public static final Duration KUBE_DELETE_WAIT = Duration.ofSeconds(60);

    /** lab stack: where InfluxDB is published, on the Docker host's loopback only. */
    public static final int STACK_INFLUXDB_PORT = 8086;

    /** lab stack: where Grafana is published, on the Docker host's loopback only. */
    public static final int STACK_GRAFANA_PORT = 3000;

    /** lab stack up waits this long for InfluxDB's and Grafana's health endpoints (a first start sets InfluxDB up). */
    public static final Duration STACK_START_TIMEOUT = Duration.ofMinutes(2);

    /** The client counts lab sweep runs when not told: the seeds' experiment, 1 to 64 doubling. */
    public static final String SWEEP_CLIENTS = "1,2,4,8,16,32,64";

    /**
     * Container backends (docker and kubernetes) give the database and the runner each their
     * own CPU and memory limits, as on the cluster: per engine and profile, in the engine's
     * descriptor (images/&lt;engine&gt;/engine.properties). The smallest CPU limit Docker takes:
     */
    public static final double MIN_CPUS = 0.01;

    /** The smallest memory limit, as the CLI reads a size: below it neither a database nor a JVM starts. */
    public static final String MIN_MEMORY = "64m";

    /** How long a managed database may take from container start to answering over JDBC. */
    public static final Duration DB_READY_TIMEOUT = Duration.ofSeconds(120);

    /**
     * A containerised run is stopped (and its result kept, as interrupted) after its planned
     * time plus this much, which covers the load and the consistency checks.
     */
    public static final Duration RUN_TIMEOUT_SLACK = Duration.ofMinutes(30);

    /** How long a stopped runner gets to write its interrupted result before it is killed. */
    public static final Duration RUNNER_STOP_GRACE = Duration.ofSeconds(30);

    /** How long lab compare waits for InfluxDB to answer a query. */
    public static final Duration INFLUX_QUERY_TIMEOUT = Duration.ofSeconds(30);
}
