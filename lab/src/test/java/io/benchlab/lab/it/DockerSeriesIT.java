package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.docker.DockerBackend;
import io.benchlab.lab.pipeline.ProvisionedSeries;
import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
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
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A series of two steps on the docker backend (lab capacity's search): one PostgreSQL container
 * for both, one runner container that runs both steps in one JVM (warm for the second), and nothing
 * of the series left once it is closed.
 */
class DockerSeriesIT {

    @RegisterExtension
    final NothingLeftBehind containers = new NothingLeftBehind();

    @Test
    void twoStepsRunOnOneDatabaseContainerAndLeaveNothing(@TempDir Path dir) throws Exception {
        Engine postgres = Engines.find("postgres").orElseThrow();
        ContainerLimits limits = new ContainerLimits(1, 1L << 30);
        RunSpec spec = new RunSpec(postgres, postgres.defaultProfile(), null, workload(50), Output.DEFAULT,
                RunSpec.plannedTimeout(workload(50)), null);
        StringWriter err = new StringWriter();
        DockerClient docker = containers.docker();
        long t0 = System.nanoTime();
        List<RunPipeline.Outcome> steps;
        List<String> dbAfterFirst;
        List<String> dbAfterSecond;
        List<String> all;
        List<String> runners;
        try (ProvisionedSeries series = ProvisionedSeries.open(new DockerBackend(new Provisioning(null, limits, limits)),
                spec, dir, new PrintWriter(new StringWriter()), new PrintWriter(err, true))) {
            assertThat(series.ready()).as(err.toString()).isTrue();
            RunPipeline.Outcome slow = series.run(workload(50));
            dbAfterFirst = ids(docker, series.runId(), "db");
            RunPipeline.Outcome fast = series.run(workload(100));
            dbAfterSecond = ids(docker, series.runId(), "db");
            all = ids(docker, series.runId(), null);
            runners = ids(docker, series.runId(), "runner-steps");
            steps = List.of(slow, fast);
        }
        System.out.printf("[docker series] two steps in %.1f s%n", (System.nanoTime() - t0) / 1e9);

        assertThat(dbAfterFirst).hasSize(1);
        assertThat(dbAfterSecond).as("the database container of the second step").isEqualTo(dbAfterFirst);
        assertThat(runners).as("one runner container for both steps").hasSize(1);
        assertThat(all).as("the database's and the steps' runner's containers").hasSize(2);
        RunResult slow = ResultJson.read(steps.get(0).file());
        RunResult fast = ResultJson.read(steps.get(1).file());
        for (RunPipeline.Outcome step : steps) {
            assertThat(step.exitCode()).as(err.toString()).isEqualTo(ExitCodes.OK);
            assertThat(ResultValidator.validate(Files.readString(step.file()))).isEmpty();
        }
        assertThat(List.of(slow, fast)).allSatisfy(r -> {
            assertThat(r.status()).as(r.cause()).isEqualTo(Status.OK);
            assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
            assertThat(r.placement().backend()).isEqualTo("docker");
        });
        assertThat(slow.runId()).isNotEqualTo(fast.runId());
        assertThat(List.of(slow.knobs().rateTps(), fast.knobs().rateTps())).containsExactly(50.0, 100.0);
        assertThat(fast.placement().database()).isEqualTo(slow.placement().database());
        assertThat(slow.load()).as("the first step loads").isNotNull();
        assertThat(fast.load()).as("the second finds the data").isNull();
    }

    /** The ids of the series' containers of ROLE (null: all of them). */
    private static List<String> ids(DockerClient docker, String runId, String role) {
        return docker.listContainersCmd().withShowAll(true).withLabelFilter(role == null
                        ? Map.of("io.benchlab.run-id", runId) : Map.of("io.benchlab.run-id", runId, "io.benchlab.role", role))
                .exec().stream().map(Container::getId).sorted().toList();
    }

    private static WorkloadConfig workload(double rate) {
        return new TestWorkload().clients(2).scale(1).rate(rate).set("rounds", 2).warmup(Duration.ofSeconds(2))
                .duration(Duration.ofSeconds(3)).build();
    }
}
