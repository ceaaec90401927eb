package io.benchlab.runner.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.run.ExitCodes;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a run with warnings prints and returns: the warnings in the summary, exit 1 only with --strict. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class VerdictOutputTest {

    /** A target rate no in-memory engine reaches: status ok, with a rate_missed warning. */
    @ParameterizedTest(name = "strict={0}")
    @ValueSource(booleans = {false, true})
    void warningsArePrintedAndFailTheRunOnlyWhenStrict(boolean strict, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("r.json");
        String[] args = {"run", "--engine", "hsqldb", "--jdbc-url",
            "jdbc:hsqldb:mem:strict-" + UUID.randomUUID() + ";hsqldb.tx=mvcc", "--clients", "2", "--rate", "1000000",
            "--duration", "1s", "--warmup", "0s", "--quiet", "--output", out.toString()};
        CliCapture.Outcome o = CliCapture.runner(strict ? RunnerBadInputTest.concat(java.util.List.of(args), "--strict")
                : args);
        RunResult r = ResultJson.read(out);
        assertThat(r.status().json()).isEqualTo("ok");
        assertThat(o.exitCode()).as("%s", o).isEqualTo(strict ? ExitCodes.RUN_FAILED : ExitCodes.OK);
        assertThat(o.out()).contains("status ok", "WARNING            rate_missed: the target of 1000000.0 tps was not met",
                "schedule           target 1000000.0 tps", "heap live max", "resident peak");
    }

    @Test
    void clientsBeyondTheCeilingAreRefusedBeforeAnyThreadStarts(@TempDir Path dir) throws Exception {
        CliCapture.Outcome o = CliCapture.runner("run", "--jdbc-url", RunnerBadInputTest.memUrl(), "--clients", "100000",
                "--duration", "1s", "--output", dir.resolve("r.json").toString());
        RunnerBadInputTest.assertOneLineBadInput(o, "--clients 100000 is more than benchlab runs (at most 4096");
        RunnerBadInputTest.assertNoResultIn(dir);
    }
}
