package io.benchlab.runner.core;

import io.benchlab.runner.workload.tpcb.KnobCodec;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.Sampling;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A mutable builder for {@link WorkloadConfig} with small test defaults (2 clients, 1 s after a
 * 500 ms warm-up, seed 42), shared by the embedded and the server tests; every other knob has its
 * declared default, so a new knob needs nothing here. Built as the runner builds it, through
 * {@link KnobCodec}: a bad value is refused as it is on the command line.
 */
public final class TestWorkload {

    private final Map<String, Object> values = new LinkedHashMap<>(Map.of("clients", 2,
            "duration", Duration.ofSeconds(1), "warmup", Duration.ofMillis(500), "seed", 42L, "scale", 1));

    /** Any knob by its component's name, as the config holds it or as its option takes it ("250ms"). */
    public TestWorkload set(String knob, Object value) {
        values.put(knob, value);
        return this;
    }

    public TestWorkload clients(int n) {
        return set("clients", n);
    }

    public TestWorkload scale(int n) {
        return set("scale", n);
    }

    public TestWorkload isolation(Isolation i) {
        return set("isolation", i);
    }

    public TestWorkload maxTries(int n) {
        return set("maxTries", n);
    }

    public TestWorkload duration(Duration d) {
        values.remove("transactionsPerClient");
        return set("duration", d);
    }

    public TestWorkload transactionsPerClient(long n) {
        values.remove("duration");
        return set("transactionsPerClient", n);
    }

    public TestWorkload warmup(Duration d) {
        return set("warmup", d);
    }

    public TestWorkload rate(double tps) {
        return set("rateTps", tps);
    }

    public TestWorkload rounds(int n) {
        return set("rounds", n);
    }

    public TestWorkload seed(long s) {
        return set("seed", s);
    }

    public TestWorkload direct() {
        return set("statements", WorkloadConfig.StatementMode.DIRECT);
    }

    public TestWorkload autocommit(boolean on) {
        return set("autocommit", on);
    }

    public TestWorkload selectOnly() {
        return set("selectOnly", true);
    }

    public TestWorkload statementTimeout(Duration d) {
        return set("statementTimeout", d);
    }

    public TestWorkload interval(Duration d) {
        return set("interval", d);
    }

    public TestWorkload serverStats(Sampling s) {
        return set("serverStats", s);
    }

    public TestWorkload driver(ClientDriver d) {
        return set("driver", d);
    }

    public TestWorkload init(boolean on) {
        return set("init", on);
    }

    public WorkloadConfig build() {
        return KnobCodec.config(values);
    }
}
