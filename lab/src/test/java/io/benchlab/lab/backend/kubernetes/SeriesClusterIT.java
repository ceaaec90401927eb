package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.it.kube.UsesClusters;
import io.benchlab.lab.pipeline.ProvisionedSeries;
import io.benchlab.lab.pipeline.RunPipeline;
import io.benchlab.results.PodSplit;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.pods.PodRuns;
import io.benchlab.runner.run.ExitCodes;
import io.benchlab.runner.run.Output;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A series of two steps on real nodes (lab capacity's search), each step's clients split over two
 * runner pods: one database pod for both steps, a runner Job per step that owns the database's
 * objects while it is the newest, each step's result merged from its pods, and nothing left. The
 * lab works as its ServiceAccount, with exactly the RBAC of k8s/, in namespace benchlab.
 */
@UsesClusters
class SeriesClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    private static final String NAMESPACE = "benchlab";

    @Test
    void twoStepsOfTwoClientPodsRunOnOneDatabasePod(@TempDir Path dir) throws Exception {
        try {
            twoSteps(dir, cluster.asTheLabsServiceAccount(dir));
        } finally {
            cluster.removeTheLabsServiceAccount();
        }
    }

    private void twoSteps(Path dir, Path asLab) throws Exception {
        Engine postgres = Engines.find("postgres").orElseThrow();
        Provisioning provisioning = new Provisioning(null, new ContainerLimits(1, 1L << 30),
                new ContainerLimits(0.5, 768L << 20));
        KubernetesSettings settings = new KubernetesSettings(asLab, NAMESPACE, null, 2, false);
        RunSpec spec = new RunSpec(postgres, postgres.defaultProfile(), null, workload(40), Output.DEFAULT,
                RunSpec.plannedTimeout(workload(40)), null);
        StringWriter err = new StringWriter();
        long t0 = System.nanoTime();
        List<RunPipeline.Outcome> steps = new ArrayList<>();
        List<String> dbUids = new ArrayList<>();
        try (ProvisionedSeries series = ProvisionedSeries.open(new KubernetesBackend(provisioning, settings), spec, dir,
                new PrintWriter(new StringWriter()), new PrintWriter(err, true))) {
            assertThat(series.ready()).as(err.toString()).isTrue();
            for (double rate : new double[] {40, 80}) {
                steps.add(series.run(workload(rate)));
                assertThat(steps.get(steps.size() - 1).exitCode()).as(err.toString()).isEqualTo(ExitCodes.OK);
                dbUids.add(databasePod(series.runId()).getMetadata().getUid());
                assertTheNewestJobOwnsTheSecret(series.runId(), steps.get(steps.size() - 1));
            }
        }
        System.out.printf("[kubernetes series] two steps of two client pods in %.1f s%n", (System.nanoTime() - t0) / 1e9);

        assertThat(dbUids.get(1)).as("the database pod of the second step").isEqualTo(dbUids.get(0));
        List<RunResult> results = new ArrayList<>();
        for (RunPipeline.Outcome step : steps) {
            assertThat(ResultValidator.validate(Files.readString(step.file()))).isEmpty();
            results.add(ResultJson.read(step.file()));
        }
        RunResult slow = results.get(0);
        RunResult fast = results.get(1);
        assertThat(results).allSatisfy(r -> {
            assertThat(r.status()).as(r.cause()).isEqualTo(Status.OK);
            assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
            assertThat(r.placement().clientPods().pods()).extracting(PodSplit.Pod::node)
                    .containsExactlyInAnyOrder("node-client", "node-client-2");
            assertThat(PodRuns.mergedOffline(r).getTotalCount()).as("the pods' histograms merged")
                    .isEqualTo(r.figures().committed());
        });
        assertThat(slow.placement().database().pod()).isEqualTo(fast.placement().database().pod());
        assertThat(slow.runId()).isNotEqualTo(fast.runId());
        assertThat(List.of(slow.knobs().rateTps(), fast.knobs().rateTps())).containsExactly(40.0, 80.0);
        assertThat(slow.load()).as("the first step loads").isNotNull();
        assertThat(fast.load()).as("the second finds the data").isNull();
        assertThat(new ClusterObjects(cluster.client, NAMESPACE, null).remaining()).isEmpty();
    }

    private Pod databasePod(String runId) {
        List<Pod> pods = cluster.client.pods().inNamespace(NAMESPACE).withLabel(Labels.RUN_ID, runId)
                .withLabel(Labels.COMPONENT, Labels.DATABASE).list().getItems();
        assertThat(pods).hasSize(1);
        return pods.get(0);
    }

    /** The step's Job alone is left of the series' runner Jobs, and it owns the Secret, so the database with it. */
    private void assertTheNewestJobOwnsTheSecret(String runId, RunPipeline.Outcome step) {
        String job = Labels.name(step.result().runId(), "runner");
        assertThat(cluster.client.batch().v1().jobs().inNamespace(NAMESPACE).withLabel(Labels.RUN_ID, runId)
                .list().getItems().stream().filter(j -> j.getMetadata().getDeletionTimestamp() == null)
                .map(j -> j.getMetadata().getName())).containsExactly(job);
        HasMetadata secret = cluster.client.secrets().inNamespace(NAMESPACE).withName(Labels.name(runId, ""))
                .get();
        assertThat(secret.getMetadata().getOwnerReferences()).extracting(OwnerReference::getName).containsExactly(job);
    }

    private static WorkloadConfig workload(double rate) {
        return new TestWorkload().clients(4).scale(1).rate(rate).set("rounds", 2).warmup(Duration.ofSeconds(2))
                .duration(Duration.ofSeconds(3)).build();
    }
}
