package io.benchlab.runner.core;

import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.Sampling;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.StatementMode;
import io.benchlab.runner.workload.tpcb.Distribution;
import java.time.Duration;

/**
 * A mutable builder for {@link WorkloadConfig} with small test defaults (2 clients, 1 s after a
 * 500 ms warm-up, scale 1, seed 42, server statistics sampled as a run's are by default), shared by the embedded and the server tests.
 */
public final class TestWorkload {

    private int scale = 1;
    private int clients = 2;
    private Duration duration = Duration.ofSeconds(1);
    private Long transactionsPerClient;
    private Duration warmup = Duration.ofMillis(500);
    private Double rateTps;
    private int rounds = 1;
    private long seed = 42;
    private Distribution distribution = Distribution.TPCB;
    private StatementMode statements = StatementMode.PREPARED;
    private boolean autocommit;
    private Isolation isolation = Isolation.DEFAULT;
    private boolean selectOnly;
    private int maxTries = 10;
    private Duration interval = Duration.ofSeconds(1);
    private Duration statementTimeout = Duration.ofSeconds(5);
    private int loadBatchSize = 10_000;
    private boolean init;
    private Sampling serverStats = Sampling.ON;
    private ClientDriver driver = ClientDriver.JDBC;

    public TestWorkload clients(int n) {
        clients = n;
        return this;
    }

    public TestWorkload scale(int n) {
        scale = n;
        return this;
    }

    public TestWorkload isolation(Isolation i) {
        isolation = i;
        return this;
    }

    public TestWorkload maxTries(int n) {
        maxTries = n;
        return this;
    }

    public TestWorkload duration(Duration d) {
        duration = d;
        transactionsPerClient = null;
        return this;
    }

    public TestWorkload transactionsPerClient(long n) {
        transactionsPerClient = n;
        duration = null;
        return this;
    }

    public TestWorkload warmup(Duration d) {
        warmup = d;
        return this;
    }

    public TestWorkload rate(double tps) {
        rateTps = tps;
        return this;
    }

    public TestWorkload rounds(int n) {
        rounds = n;
        return this;
    }

    public TestWorkload seed(long s) {
        seed = s;
        return this;
    }

    public TestWorkload direct() {
        statements = StatementMode.DIRECT;
        return this;
    }

    public TestWorkload autocommit(boolean on) {
        autocommit = on;
        return this;
    }

    public TestWorkload selectOnly() {
        selectOnly = true;
        return this;
    }

    public TestWorkload statementTimeout(Duration d) {
        statementTimeout = d;
        return this;
    }

    public TestWorkload interval(Duration d) {
        interval = d;
        return this;
    }

    public TestWorkload serverStats(Sampling s) {
        serverStats = s;
        return this;
    }

    public TestWorkload driver(ClientDriver d) {
        driver = d;
        return this;
    }

    public TestWorkload init(boolean on) {
        init = on;
        return this;
    }

    public WorkloadConfig build() {
        return new WorkloadConfig(scale, clients, duration, transactionsPerClient, warmup, rateTps, rounds,
                seed, distribution, statements, autocommit, isolation, selectOnly, maxTries, interval,
                loadBatchSize, init, statementTimeout, serverStats, driver);
    }
}
