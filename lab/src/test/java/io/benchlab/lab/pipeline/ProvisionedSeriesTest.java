package io.benchlab.lab.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.backend.EmbeddedBackend;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.setup.ServerSettings;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.engine.Profile;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A series on HSQLDB in this process, in files of its own (each step shuts the database down and
 * the next opens it again): every step a run of its own on the data the first step loaded.
 */
class ProvisionedSeriesTest {

    private final Engine hsqldb = Engines.find("hsqldb").orElseThrow();
    private final Profile durable = hsqldb.profiles().stream().filter(p -> p.name().equals("durable")).findFirst()
            .orElseThrow();

    @Test
    void twoStepsAtTwoRatesRunOnTheDataTheFirstLoaded(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        List<RunPipeline.Outcome> steps;
        try (ProvisionedSeries series = ProvisionedSeries.open(new EmbeddedBackend(), spec(dir, 20), dir.resolve("results"),
                new PrintWriter(out), new PrintWriter(err))) {
            assertThat(series.ready()).isTrue();
            // --init on both: the second must not load again all the same.
            steps = List.of(series.run(workload(20)), series.run(workload(40)));
            assertThat(series.stopped()).isFalse();
        }

        RunResult slow = ResultJson.read(steps.get(0).file());
        RunResult fast = ResultJson.read(steps.get(1).file());
        assertThat(steps).allSatisfy(o -> assertThat(o.exitCode()).as(err.toString()).isEqualTo(ExitCodes.OK));
        assertThat(List.of(slow, fast)).allSatisfy(r -> {
            assertThat(r.status()).as(r.cause()).isEqualTo(Status.OK);
            assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
            assertThat(r.figures().committed()).isPositive();
        });
        assertThat(slow.knobs().rateTps()).isEqualTo(20.0);
        assertThat(fast.knobs().rateTps()).isEqualTo(40.0);
        assertThat(slow.runId()).isNotEqualTo(fast.runId());
        assertThat(steps.get(0).file().getFileName().toString()).isEqualTo(slow.runId() + ".json");
        assertThat(steps.get(1).file().getFileName().toString()).isEqualTo(fast.runId() + ".json");
        assertThat(slow.load()).as("the first step loads").isNotNull();
        assertThat(fast.load()).as("the second finds the data").isNull();
        assertThat(out.toString()).as("each step's summary").contains(slow.runId(), fast.runId());
        try (var files = Files.list(dir.resolve("results"))) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrder(slow.runId() + ".json", fast.runId() + ".json");
        }
    }

    @Test
    void aStepOnOtherDataIsRefusedAndOutputIsTooBeforeAnythingIsMade(@TempDir Path dir) throws Exception {
        RunSpec withOutput = spec(dir, 20).withOutputFile(dir.resolve("one.json"));
        assertThatThrownBy(() -> ProvisionedSeries.open(new EmbeddedBackend(), withOutput, dir, new PrintWriter(
                new StringWriter()), new PrintWriter(new StringWriter()))).isInstanceOf(BadInputException.class)
                .hasMessageContaining("--output");

        try (ProvisionedSeries series = ProvisionedSeries.open(new EmbeddedBackend(), spec(dir, 20), dir,
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))) {
            assertThat(series.run(workload(20)).exitCode()).isEqualTo(ExitCodes.OK);
            WorkloadConfig moreData = new TestWorkload().scale(2).rate(20).build();
            assertThatThrownBy(() -> series.run(moreData)).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("scale 1, not 2");
        }
    }

    @Test
    void aDatabaseThatIsNotReadyIsAFailedResultAndNoStepRuns(@TempDir Path dir) throws Exception {
        EmbeddedBackend refused = new EmbeddedBackend(new ServerSettings(Map.of("hsqldb.cache_rowz", "20000")));
        try (ProvisionedSeries series = ProvisionedSeries.open(refused, spec(dir, 20), dir,
                new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()))) {
            assertThat(series.ready()).isFalse();
            RunPipeline.Outcome why = series.notReady();
            assertThat(why.exitCode()).isEqualTo(ExitCodes.RUN_FAILED);
            assertThat(why.file()).isEqualTo(dir.resolve(series.runId() + ".json"));
            RunResult written = ResultJson.read(why.file());
            assertThat(written.status()).isEqualTo(Status.FAILED);
            assertThat(written.cause()).contains("has no setting hsqldb.cache_rowz");
            assertThatThrownBy(() -> series.run(workload(20))).isInstanceOf(IllegalStateException.class);
        }
    }

    private RunSpec spec(Path dir, double rate) {
        Target target = new Target(hsqldb, durable, hsqldb.jdbcUrl(durable, dir.resolve("data")), hsqldb.defaultUser(),
                Secret.NONE, true);
        return new RunSpec(hsqldb, durable, target, workload(rate), Output.DEFAULT, null, null);
    }

    private static WorkloadConfig workload(double rate) {
        return new TestWorkload().rate(rate).set("init", true).duration(Duration.ofSeconds(1))
                .warmup(Duration.ofMillis(500)).build();
    }
}
