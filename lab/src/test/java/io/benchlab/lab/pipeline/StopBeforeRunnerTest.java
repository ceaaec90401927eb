package io.benchlab.lab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.Backend;
import io.benchlab.lab.backend.BackendRun;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.ProvisionedDatabase;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.RunnerOutcome;
import io.benchlab.lab.backend.RunnerStep;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.sink.ResultSink;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The timeout passes while the database gets ready, and provisioning still succeeds (the stop came
 * after its last check): the runner must not start, and the run ends as interrupted, not ok.
 */
class StopBeforeRunnerTest {

    @Test
    void aTimeoutBetweenTheDatabaseAndTheRunnerKeepsTheRunnerFromStarting(@TempDir Path dir) throws Exception {
        Engine postgres = Engines.find("postgres").orElseThrow();
        RunSpec spec = new RunSpec(postgres, postgres.defaultProfile(), null, new TestWorkload().build(),
                Output.DEFAULT, Duration.ofMillis(50), null);
        AtomicBoolean runnerStarted = new AtomicBoolean();
        Backend slowDatabase = new Backend() {
            @Override
            public String name() {
                return "docker";
            }

            @Override
            public BackendRun open(RunSpec s, String runId, Progress progress, ResultSink live) {
                return new BackendRun() {
                    @Override
                    public ProvisionedDatabase provision() throws InterruptedException {
                        Thread.sleep(500); // the deadline passes meanwhile; nothing here looks at it
                        return new ProvisionedDatabase("jdbc:postgresql://db:5432/x", "x", null);
                    }

                    @Override
                    public RunnerOutcome runRunner(ProvisionedDatabase database) {
                        runnerStarted.set(true);
                        return RunnerOutcome.without(null, null, ExitCodes.OK);
                    }

                    @Override
                    public RunnerOutcome runRunner(ProvisionedDatabase database, RunnerStep step) {
                        return runRunner(database);
                    }

                    @Override
                    public void stop() {
                    }

                    @Override
                    public void close() {
                    }
                };
            }
        };
        StringWriter out = new StringWriter();
        RunPipeline.Outcome o = RunPipeline.run(slowDatabase, spec, dir, new PrintWriter(out),
                new PrintWriter(new StringWriter()));

        assertThat(runnerStarted).isFalse();
        assertThat(o.exitCode()).isEqualTo(ExitCodes.RUN_FAILED);
        RunResult written = ResultJson.read(o.file());
        assertThat(written.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(written.cause()).endsWith("the run passed its timeout of 0 s before the runner started");
        assertThat(dir.toFile().list()).containsExactly(o.file().getFileName().toString());
    }
}
