package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.results.ClientCpu;
import io.benchlab.results.Figures;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.metrics.ProcessCpu;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The client's CPU in the measured rounds, read off the process's CPU clock: per round and for the
 * run, inside what the process spent in all, and per committed transaction; and the JIT
 * compilers' CPU in them.
 */
class ClientCpuFiguresTest {

    @Test
    void eachRoundsCpuIsMeasuredAndTheRunsIsTheirSum() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        long before = ProcessCpu.nanos();
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2).duration(Duration.ofSeconds(1)).rounds(2).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        double spent = ProcessCpu.secondsSince(before);
        EmbeddedRuns.assertHealthy(r);
        for (Round round : r.rounds()) {
            assertConsistent(round.figures());
        }
        ClientCpu run = assertConsistent(r.figures());
        // The rounds are a part of the run call: the load, the warm-up and the check cost CPU too.
        assertThat(run.cpuSeconds()).isPositive().isLessThan(spent);
        assertThat(run.cpuSeconds()).as("the rounds' CPU added")
                .isCloseTo(r.rounds().stream().mapToDouble(x -> x.figures().clientCpu().cpuSeconds()).sum(), within(1e-5));
        assertThat(run.jitSeconds()).as("the rounds' JIT CPU added")
                .isCloseTo(r.rounds().stream().mapToDouble(x -> x.figures().clientCpu().jitSeconds()).sum(), within(1e-6));
        // Two clients and an in-process engine keep at most the machine's cores busy.
        assertThat(run.cores()).isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors() * 1.05);
    }

    private static ClientCpu assertConsistent(Figures f) {
        ClientCpu cpu = f.clientCpu();
        assertThat(cpu).isNotNull();
        assertThat(cpu.cpuSeconds()).isPositive();
        assertThat(cpu.cores()).isCloseTo(cpu.cpuSeconds() / f.seconds(), within(0.002));
        assertThat(cpu.microsPerTransaction()).isCloseTo(cpu.cpuSeconds() * 1e6 / f.committed(), within(0.1));
        // Linux's /proc has the compiler threads' CPU.
        assertThat(cpu.jitSeconds()).as("the JIT compilers' CPU").isNotNull().isGreaterThanOrEqualTo(0.0);
        return cpu;
    }
}
