package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.LabDefaults;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.it.DatabaseUsage;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.cli.RunnerProcess;
import io.benchlab.lab.it.kube.Clusters;
import io.benchlab.lab.it.kube.UsesClusters;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * End to end on real nodes (containerd and kubelet each: node-db, and node-client or node-client-2): the engine's
 * pinned image in a pod, the runner in a Job, a real result that names both nodes and the limits
 * the kubelet applied; and nothing left after a run that succeeds, fails or is stopped.
 */
@UsesClusters
class TwoNodeClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    /** A setting each engine's server is given (--db-set), not one its profiles are made of, and how it reads it back. */
    private static final Map<String, String[]> SETTING = Map.of(
            "postgres", new String[] {"work_mem=8MB", "work_mem", "8MB"},
            "mariadb", new String[] {"innodb_buffer_pool_size=256M", "innodb_buffer_pool_size", "268435456"},
            "hsqldb-server", new String[] {"hsqldb.log_size=100", "hsqldb.log_size", "100"});

    @ParameterizedTest
    @ValueSource(strings = {"postgres", "mariadb", "hsqldb-server"})
    void aRunCompletesOnTheDbAndClientNodesAndRecordsWhereAndUnderWhatLimits(String engine, @TempDir Path dir)
            throws Exception {
        Path result = dir.resolve("r.json");
        String[] setting = SETTING.get(engine);
        // PostgreSQL's run pulls both its images from the registry, with a pull secret; the others' are on the nodes.
        Clusters.Registry registry = engine.equals("postgres") ? Clusters.registry() : null;
        List<String> pull = registry == null ? List.of() : List.of("--registry", registry.prefix(), "--image-pull-secret",
                cluster.pullSecret(registry, "benchlab-pull", Files.readString(registry.passwordFile()).strip()));
        List<String> args = new java.util.ArrayList<>(List.of("--engine", engine, "--clients", "8",
                "--duration", "5s", "--warmup", "2s", "--db-cpus", "1", "--db-memory", "1g", "--runner-cpus", "0.5",
                "--runner-memory", "768m", "--db-set", setting[0], "-o", result.toString()));
        args.addAll(pull);
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, lab(args.toArray(String[]::new)));
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.err()).as("the runner's progress, streamed").contains("round 1");
        assertThat(o.out()).contains("result             " + result);
        assertThat(ResultValidator.validate(Files.readString(result))).isEmpty();
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.OK);
        assertThat(r.setup().settings().get(setting[1]).server()).as("the setting, on the pod's command line, read back")
                .isEqualTo(setting[2]);
        if (!engine.equals("hsqldb-server")) {
            assertThat(r.consistency().serverCommits().agrees()).as(r.consistency().serverCommits().message()).isTrue();
            assertDatabasePodUsage(r, TestCluster.NAMESPACE);
        }
        Placement p = r.placement();
        assertThat(p.backend()).isEqualTo("kubernetes");
        assertThat(p.cluster().kubernetesVersion()).startsWith("v1.");
        assertThat(p.database().node()).isEqualTo("node-db");
        assertThat(p.database().storage().kind()).as("the default").isEqualTo("ephemeral");
        assertThat(p.database().storage().note()).as("what the probe measured").contains("own writable layer");
        assertThat(p.runner().node()).isIn("node-client", "node-client-2");
        if (!pull.isEmpty()) {
            for (Placement.Side side : List.of(p.database(), p.runner())) {
                assertThat(side.image()).as("pulled from the registry").startsWith(registry.prefix() + "/benchlab/");
                assertThat(side.imageDigest()).as("the digest the registry served").startsWith("sha256:");
            }
        }
        assertSide(p.database(), 1.0, 1L << 30);
        assertSide(p.runner(), 0.5, 768L << 20);
        assertThat(r.environment().cgroupMemoryLimitBytes()).as("the runner's own cgroup").isEqualTo(768L << 20);
        assertThat(r.environment().cgroupCpuLimit()).isEqualTo(0.5);
    }

    @Test
    void anImageThatCannotBePulledFailsTheRunNamingItAndLeavesNothing(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        // A registry on loopback that does not answer: the pull fails at once, and nothing leaves the machine.
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, lab("--engine", "postgres", "--registry",
                "127.0.0.1:1", "-o", result.toString()));
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        assertThat(o.err()).contains("the database image 127.0.0.1:1/benchlab/postgres:", "cannot be pulled on node node-db");
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains("cannot be pulled");
    }

    /**
     * A pull secret whose password is wrong: the registry refuses the pull, and the run fails on
     * it within 30 s, naming the image and the kubelet's reason; nothing is left (lab clean finds
     * nothing). No node has the image under the registry's name, and a registry pull is made
     * at every start (Always), so the credentials are asked for whatever a node holds. The lab in
     * this JVM does not trust the registry's CA (no BENCHLAB_REGISTRY_CA), so its preflight cannot
     * ask the registry and the node's pull is the check (PreflightClusterIT has the lab ask).
     */
    @Test
    void aWrongPullSecretFailsTheRunWithin30sNamingTheImageAndLeavesNothing(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        Clusters.Registry registry = Clusters.registry();
        String secret = cluster.pullSecret(registry, "benchlab-pull-wrong", "not-the-password");
        Instant start = Instant.now();
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, lab("--engine", "postgres", "--registry",
                registry.prefix(), "--image-pull-secret", secret, "-o", result.toString()));
        Duration took = Duration.between(start, Instant.now());
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        assertThat(o.err()).contains("the database image " + registry.prefix() + "/benchlab/postgres:",
                "cannot be pulled on node node-db").containsIgnoringCase("unauthorized");
        assertThat(took).as("from the lab's start to its end").isLessThan(Duration.ofSeconds(30));
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains("cannot be pulled", registry.prefix() + "/benchlab/postgres:");
        CliCapture.Outcome clean = CliCapture.run(LabMain::commandLine, "clean", "--kubeconfig",
                cluster.kubeconfig.toString(), "--namespace", TestCluster.NAMESPACE);
        assertThat(clean.exitCode()).as(clean.toString()).isZero();
        assertThat(cluster.leftovers()).isEmpty();
    }


    @Test
    void sigtermDuringTheMeasuredPhaseKeepsTheRunnersResultAndLeavesNothing(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "postgres",
                "--clients", "4", "--duration", "60s", "--warmup", "1s", "-o", result.toString()))) {
            lab.awaitErr("round 1", 180);
            double seconds = lab.signalAndWait("TERM", 60);
            assertThat(lab.exitCode()).isEqualTo(143);
            assertThat(lab.out()).as("the summary; stderr: %s", lab.err()).contains("interrupted");
            assertThat(seconds).as("SIGTERM to exit with everything removed, s").isLessThan(30);
        }
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(r.figures()).as("what was measured until the stop").isNotNull();
        assertThat(r.placement().runner().node()).isIn("node-client", "node-client-2");
    }

    /**
     * The lab's ServiceAccount, with its own token and exactly the RBAC of k8s/, runs a whole run
     * from outside the cluster: the port-forward that checks the database included.
     */
    @Test
    void theLabsServiceAccountRunsAWholeRunWithItsOwnToken(@TempDir Path dir) throws Exception {
        try {
            Path asLab = cluster.asTheLabsServiceAccount(dir);
            Path result = dir.resolve("r.json");
            CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--backend", "kubernetes", "--kubeconfig",
                    asLab.toString(), "--namespace", "benchlab", "--engine", "postgres", "--clients", "2", "--duration",
                    "3s", "--warmup", "1s", "-o", result.toString());
            assertThat(o.exitCode()).as(o.toString()).isZero();
            RunResult r = ResultJson.read(result);
            assertThat(r.status()).isEqualTo(Status.OK);
            // k8s/ as applied: the lab may see the runner's account, and the runner may ask the kubelet.
            assertDatabasePodUsage(r, "benchlab");
            assertThat(new ClusterObjects(cluster.client, "benchlab", null).remaining()).isEmpty();
        } finally {
            cluster.removeTheLabsServiceAccount();
        }
    }

    /**
     * A pod deleted by someone else mid-run (the database's: the run would measure a dead server for
     * the rest of its minute; the runner's: its result would say interrupted, as if a person had
     * stopped the lab) ends the run within 10 s, failed, with a cause that names the pod.
     */
    @ParameterizedTest
    @ValueSource(strings = {"database", "runner"})
    void aPodDeletedMidRunEndsTheRunWithinTenSecondsFailedNamingIt(String component, @TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        Instant deleted;
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "postgres",
                "--clients", "4", "--duration", "60s", "--warmup", "1s", "-o", result.toString()))) {
            lab.awaitErr("round 1", 180);
            var pods = cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withLabel("benchlab.io/component", component)
                    .list().getItems();
            assertThat(pods).hasSize(1);
            String pod = pods.get(0).getMetadata().getName();
            deleted = Instant.now();
            cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(pod).delete();
            assertThat(lab.waitFor(90)).as(lab.err()).isEqualTo(1);
            // Deleted (the watch saw it going) or gone (a database that stops at once is gone before it looks).
            assertThat(lab.err()).contains("the " + component + " pod " + pod + " ", "deleted by someone else");
        }
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).startsWith("the " + component + " pod ").contains("deleted by someone else");
        assertThat(Duration.between(deleted, Instant.parse(r.timestamps().finished())))
                .as("from the delete to the run's end").isLessThan(Duration.ofSeconds(10));
    }

    /**
     * The runner pod deleted as soon as it runs, while its JVM starts: the run fails naming it, and
     * the lab is gone, everything removed, well within the pod's 30 s grace, which a JVM that
     * ignored SIGTERM (as PID 1 would before its handler is in; here the pod's pause is PID 1)
     * would make its removal wait out.
     */
    @Test
    void aRunnerPodDeletedAsItStartsEndsTheRunAtOnce(@TempDir Path dir) throws Exception {
        Path result = dir.resolve("r.json");
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "hsqldb-server",
                "--clients", "1", "--duration", "60s", "-o", result.toString()))) {
            lab.awaitErr("runner pod ", 180);
            String pod = cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withLabel("benchlab.io/component",
                    "runner").list().getItems().get(0).getMetadata().getName();
            long t0 = System.nanoTime();
            cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(pod).delete();
            assertThat(lab.waitFor(90)).as(lab.err()).isEqualTo(1);
            assertThat((System.nanoTime() - t0) / 1e9).as("from the delete to the lab's exit, everything removed, s")
                    .isLessThan(LabDefaults.RUNNER_STOP_GRACE.toSeconds());
        }
        assertThat(ResultJson.read(result).cause()).contains("the runner pod", "deleted by someone else");
    }

    /**
     * The database pod's usage on every interval of the server's side, from the kubelet of its
     * node (verified TLS, the runner's own token): within the pod's limits, CPU and memory only.
     */
    static void assertDatabasePodUsage(RunResult r, String namespace) {
        DatabaseUsage.assertWithinLimits(r, "kubelet summary of pod " + namespace + "/benchlab-");
        assertThat(r.serverStats().intervals()).allSatisfy(i -> {
            assertThat(i.container().ioReadBytes()).as("the summary has no block I/O").isNull();
            assertThat(i.container().netRxBytes()).as("the summary's network bytes are not fresh: not used").isNull();
        });
    }

    private static void assertSide(Placement.Side side, double cpus, long memory) {
        assertThat(side.qosClass()).isEqualTo("Guaranteed");
        assertThat(side.cpuLimit()).isEqualTo(cpus);
        assertThat(side.memoryLimitBytes()).isEqualTo(memory);
        assertThat(side.imageDigest()).startsWith("sha256:");
        assertThat(side.kubeletVersion()).startsWith("v1.");
        assertThat(side.nodeAllocatable().cpus()).isPositive();
        assertThat(side.nodeCapacity().memoryBytes()).isPositive();
        assertThat(side.labels()).containsKey("benchlab.io/run-id");
    }

    private String[] lab(String... more) {
        return cluster.args(more).toArray(String[]::new);
    }
}
