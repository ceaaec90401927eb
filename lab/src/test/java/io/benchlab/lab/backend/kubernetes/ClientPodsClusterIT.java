package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.PodSplit;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.cli.RunnerProcess;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.pods.PodRuns;
import io.benchlab.lab.it.kube.UsesClusters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --client-pods} on real nodes: the runner pods of an Indexed Job on the client nodes, each
 * on its own (two pods, two client nodes) or sharing one where allowed (three pods), meeting in
 * the database; one result whose counts, tps and percentiles are exactly the pods' together.
 */
@UsesClusters
class ClientPodsClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @Test
    void twoClientPodsRunOnTwoClientNodesAndMergeExactly(@TempDir Path dir) throws Exception {
        RunResult r = run(dir, "postgres", "--clients", "8", "--client-pods", "2");
        // Pod 0 samples the server's side for all, the database pod's usage with it.
        TwoNodeClusterIT.assertDatabasePodUsage(r, TestCluster.NAMESPACE);
        assertThat(r.placement().clientPods().pods()).extracting(PodSplit.Pod::node)
                .containsExactlyInAnyOrder("node-client", "node-client-2");
    }

    @Test
    void threeClientPodsShareTheClientNodesWhereAllowed(@TempDir Path dir) throws Exception {
        RunResult r = run(dir, "mariadb", "--clients", "6", "--client-pods", "3", "--allow-shared-client-nodes");
        assertThat(r.placement().clientPods().pods()).extracting(PodSplit.Pod::node)
                .containsOnly("node-client", "node-client-2").contains("node-client", "node-client-2");
    }

    /**
     * One client pod of two deleted mid-run: the run ends within seconds, failed, naming that pod;
     * the other pod is stopped (it would wait for its peer at the end of the round) and nothing is left.
     */
    @Test
    void aClientPodDeletedMidRunEndsTheRunFailedNamingIt(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        Instant deleted;
        String pod;
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), cluster.args("--engine", "postgres",
                "--clients", "4", "--client-pods", "2", "--duration", "60s", "--warmup", "1s", "-o", result.toString())
                .toArray(String[]::new))) {
            lab.awaitErr("pod 1 | round 1", 180);
            pod = cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withLabel("benchlab.io/component", "runner")
                    .list().getItems().stream().filter(p -> ClusterObjects.index(p) == 1).findFirst().orElseThrow()
                    .getMetadata().getName();
            deleted = Instant.now();
            cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(pod).delete();
            assertThat(lab.waitFor(90)).as(lab.err()).isEqualTo(1);
            assertThat(lab.err()).contains("the runner pod " + pod + " ", "deleted by someone else");
        }
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains("the runner pod " + pod + " ", "deleted by someone else");
        assertThat(Duration.between(deleted, Instant.parse(r.timestamps().finished())))
                .as("from the delete to the run's end").isLessThan(Duration.ofSeconds(15));
        assertThat(cluster.leftovers()).isEmpty();
    }

    /** A run of ENGINE with MORE, which must be ok and exactly the merge of its pods. */
    private RunResult run(Path dir, String engine, String... more) throws Exception {
        Path result = dir.resolve("r.json");
        List<String> args = new ArrayList<>(List.of("--engine", engine, "--duration", "5s", "--warmup", "2s",
                "--db-cpus", "1", "--db-memory", "1g", "--runner-cpus", "0.5", "--runner-memory", "768m",
                "-o", result.toString()));
        args.addAll(List.of(more));
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, cluster.args(args.toArray(String[]::new))
                .toArray(String[]::new));
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.err()).as("every pod's progress, marked").contains("pod 0 | ", "pod 1 | ");
        assertThat(ResultValidator.validate(Files.readString(result))).isEmpty();
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).as(r.cause()).isEqualTo(Status.OK);
        assertThat(r.consistency().ok()).as(r.consistency().message()).isTrue();
        assertThat(r.consistency().historyRowsAdded()).as("history rows added").isEqualTo(r.consistency().committedTotal());
        assertThat(r.consistency().serverCommits().agrees()).as(r.consistency().serverCommits().message()).isTrue();

        PodSplit split = r.placement().clientPods();
        System.out.println("[client pods] " + engine + ": " + r.figures().tps() + " tps, p99 " + r.figures().latency().p99Ms()
                + " ms, skew " + split.startSkewMs() + " ms, common window " + split.commonWindowSeconds() + " s; pods "
                + split.pods().stream().map(p -> p.index() + "@" + p.node() + " " + p.clients() + " clients " + p.tps()
                + " tps").toList());
        assertThat(split.pods()).allSatisfy(p -> assertThat(p.pod()).startsWith("benchlab-"));
        assertThat(split.pods().stream().mapToInt(PodSplit.Pod::clients).sum()).isEqualTo(r.knobs().clients());
        Histogram offline = PodRuns.mergedOffline(r);
        assertThat(offline.getTotalCount()).isEqualTo(r.figures().committed());
        assertThat(LatencySummary.ms(offline.getValueAtPercentile(99))).as("p99 of the pods' histograms merged offline")
                .isEqualTo(r.figures().latency().p99Ms());
        double sum = split.pods().stream().mapToDouble(PodSplit.Pod::tps).sum();
        assertThat(r.figures().tps()).as("tps against the pods' sum").isCloseTo(sum, within(sum * 0.01));
        assertThat(split.startSkewMs()).as("measured start skew, ms").isNotNull().isNotNegative(); // as PodRuns: no clock's bound
        assertThat(split.commonWindowSeconds()).as("the pods measured together").isPositive();
        assertThat(r.placement().runner().node()).isEqualTo(split.pods().get(0).node());
        return r;
    }
}
