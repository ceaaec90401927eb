package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.cli.RunnerProcess;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.run.Output;
import io.benchlab.lab.it.kube.UsesClusters;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Against a real API server, scheduler and controllers, with kwok's fake nodes (nothing runs on
 * them: the database never answers JDBC there). Placement, QoS and labels of the objects a run
 * makes; the errors found before anything is made; and that every way a run ends leaves nothing.
 */
@UsesClusters
class KwokClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.kwok();

    @Test
    void theDatabaseAndTheRunnerLandOnSeparateNodesOfTheirRolesGuaranteedAndLabelled() throws Exception {
        cluster.nodes.bothRoles().add("kwok-db-2", Labels.DB_ROLE, "4", "8Gi").add("kwok-plain", null, "8", "16Gi");
        String runId = "it-" + System.nanoTime();
        RunPlan plan = RunPlan.of(spec(), new Provisioning(null, new ContainerLimits(1, 1L << 30),
                new ContainerLimits(0.5, 512L << 20)), new KubernetesSettings(cluster.kubeconfig, TestCluster.NAMESPACE,
                null), runId, Secret.random(), "test", null);
        ClusterObjects objects = new ClusterObjects(cluster.client, TestCluster.NAMESPACE, runId);
        objects.create(plan);
        // The API server takes the annotation on a suspended Job's template as it lets it go.
        objects.letGo("10.200.9.9");
        Pod db = await(() -> running(objects.pod(plan.dbPod().getMetadata().getName())));
        // kwok completes a Job's pod at once: started is all a fake node can show.
        Pod runner = await(() -> objects.runnerPods().stream().filter(PodStates::started).findFirst().orElse(null));
        assertThat(runner.getMetadata().getAnnotations()).containsEntry(Labels.DB_NODE_ANNOTATION, "10.200.9.9");

        assertThat(roleOf(db)).isEqualTo(Labels.DB_ROLE);
        assertThat(roleOf(runner)).isEqualTo(Labels.CLIENT_ROLE);
        assertThat(db.getSpec().getNodeName()).isNotEqualTo(runner.getSpec().getNodeName());
        assertThat(List.of(db, runner)).extracting(p -> p.getStatus().getQosClass()).containsOnly("Guaranteed");
        List<HasMetadata> all = new ArrayList<>(List.of(db, runner));
        all.add(cluster.client.batch().v1().jobs().inNamespace(TestCluster.NAMESPACE).withName(plan.job().getMetadata().getName()).get());
        all.add(cluster.client.services().inNamespace(TestCluster.NAMESPACE).withName(plan.service().getMetadata().getName()).get());
        all.add(cluster.client.secrets().inNamespace(TestCluster.NAMESPACE).withName(plan.secret().getMetadata().getName()).get());
        assertThat(all).allSatisfy(o -> assertThat(o.getMetadata().getLabels()).containsEntry(Labels.RUN_ID, runId));
        assertThat(all.subList(2, 5)).noneMatch(o -> o == null);

        objects.deleteAll(new Progress(new PrintWriter(System.err, true), false));
        assertThat(objects.remaining()).isEmpty();
    }

    @Test
    void clientPodsLandOnClientNodesKeptApartWithTheirIndex() throws Exception {
        cluster.nodes.bothRoles().add("kwok-client-2", Labels.CLIENT_ROLE, "4", "8Gi")
                .add("kwok-client-3", Labels.CLIENT_ROLE, "4", "8Gi");
        List<Pod> apart = runnerPods(new KubernetesSettings(cluster.kubeconfig, TestCluster.NAMESPACE, null, 3, false), 3);
        // kwok completes a Job's pod at once, and a completed pod repels no other: that the pods keep
        // apart while they run is ClientPodsClusterIT's to show, on real nodes. Here: the rule, and roles.
        assertThat(apart).extracting(p -> p.getSpec().getNodeName()).allSatisfy(n -> assertThat(n).startsWith("kwok-client-"));
        assertThat(apart).allSatisfy(p -> assertThat(p.getSpec().getAffinity().getPodAntiAffinity()
                .getRequiredDuringSchedulingIgnoredDuringExecution())
                .extracting(t -> t.getLabelSelector().getMatchLabels().get(Labels.COMPONENT))
                .containsExactlyInAnyOrder(Labels.DATABASE, Labels.RUNNER));
        assertThat(apart).extracting(ClusterObjects::index).containsExactly(0, 1, 2);
    }

    @Test
    void clientPodsShareClientNodesOnlyWhereAllowed(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles().add("kwok-client-2", Labels.CLIENT_ROLE, "4", "8Gi");
        expectRefused(dir, "--client-pods 3 needs 3 client nodes with room for a runner pod; the cluster has 2"
                + " (kwok-client-1, kwok-client-2): add client nodes, or give --allow-shared-client-nodes",
                "--clients", "4", "--client-pods", "3");
        List<Pod> shared = runnerPods(new KubernetesSettings(cluster.kubeconfig, TestCluster.NAMESPACE, null, 3, true), 3);
        assertThat(shared).extracting(p -> p.getSpec().getNodeName()).containsOnly("kwok-client-1", "kwok-client-2")
                .contains("kwok-client-1", "kwok-client-2");
    }

    /** A run's runner pods once all started, made from a plan with SETTINGS (and left for the cluster's cleanup). */
    private List<Pod> runnerPods(KubernetesSettings settings, int count) throws Exception {
        String runId = "it-" + System.nanoTime();
        RunPlan plan = RunPlan.of(new RunSpec(spec().engine(), spec().profile(), null,
                new TestWorkload().clients(count + 1).build(), Output.DEFAULT, Duration.ofMinutes(5), null),
                new Provisioning(null, new ContainerLimits(1, 1L << 30), new ContainerLimits(0.5, 512L << 20)), settings,
                runId, Secret.random(), "test", null);
        ClusterObjects objects = new ClusterObjects(cluster.client, TestCluster.NAMESPACE, runId);
        objects.create(plan);
        objects.letGo(null);
        try {
            return await(() -> {
                List<Pod> pods = objects.runnerPods();
                return pods.size() == count && pods.stream().allMatch(p -> p.getSpec().getNodeName() != null) ? pods : null;
            });
        } finally {
            objects.deleteAll(new Progress(new PrintWriter(System.err, true), false));
        }
    }

    @Test
    void noNodeWithARoleIsOneLineAndExitTwo(@TempDir Path dir) {
        cluster.nodes.add("kwok-plain", null, "4", "8Gi");
        expectRefused(dir, "no node carries the label benchlab.io/role");
    }

    @Test
    void onlyOneRoleIsOneLineAndExitTwo(@TempDir Path dir) {
        cluster.nodes.add("kwok-db-1", Labels.DB_ROLE, "4", "8Gi");
        expectRefused(dir, "no node carries benchlab.io/role=client (only benchlab.io/role=db)");
    }

    @Test
    void requestsThatFitNoNodeOfTheRoleAreOneLineAndExitTwo(@TempDir Path dir) {
        cluster.nodes.add("kwok-db-1", Labels.DB_ROLE, "1", "1Gi").add("kwok-client-1", Labels.CLIENT_ROLE, "4", "8Gi");
        expectRefused(dir, "the database's requests (2 CPUs, 2048 MiB) fit on no db node: kwok-db-1 has 1 CPUs and 1024"
                + " MiB allocatable (1 CPUs and 1024 MiB short); lower --db-cpus/--db-memory", "--db-cpus", "2", "--db-memory", "2g");
    }

    @Test
    void theLabsServiceAccountMayRunInItsNamespaceAndNowhereElse(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        try {
            Path asLab = cluster.asTheLabsServiceAccount(dir);
            Path result = dir.resolve("r.json");
            CliCapture.Outcome denied = CliCapture.run(LabMain::commandLine, "run", "--backend", "kubernetes",
                    "--kubeconfig", asLab.toString(), "--namespace", "default", "--engine", "postgres", "-o",
                    result.toString());
            assertThat(denied.exitCode()).as(denied.toString()).isEqualTo(2);
            assertThat(denied.err()).contains("the lab may not use namespace default: it may not create secrets");
            assertThat(result).doesNotExist();
            // In its own namespace it gets as far as kwok lets a run go (no database answers there).
            CliCapture.Outcome allowed = CliCapture.run(LabMain::commandLine, "run", "--backend", "kubernetes",
                    "--kubeconfig", asLab.toString(), "--namespace", "benchlab", "--engine", "postgres", "--timeout", "6s",
                    "-o", result.toString());
            assertThat(allowed.exitCode()).as(allowed.toString()).isEqualTo(1);
            assertThat(allowed.err()).doesNotContain("Forbidden", "forbidden");
            RunResult r = ResultJson.read(result);
            assertThat(r.cause()).contains("timeout");
            assertThat(r.placement().database().qosClass()).isEqualTo("Guaranteed");
            assertThat(new ClusterObjects(cluster.client, "benchlab", null).remaining()).isEmpty();
        } finally {
            cluster.removeTheLabsServiceAccount();
        }
    }

    @Test
    void anOomKilledDatabaseFailsTheRunNamingItAndLeavesNothing(@TempDir Path dir) throws Exception {
        failTheDatabase(dir, "OOMKilled", null, "the database was OOM-killed on node kwok-db-1 at its memory limit");
    }

    @Test
    void anEvictedDatabaseFailsTheRunNamingItAndLeavesNothing(@TempDir Path dir) throws Exception {
        failTheDatabase(dir, null, "Evicted", "the database pod was evicted from node kwok-db-1");
    }

    @Test
    void aRunPastItsTimeoutIsInterruptedAndLeavesNothing(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        Path result = dir.resolve("r.json");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, lab("--engine", "postgres", "--timeout", "4s",
                "-o", result.toString()));
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(1);
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.INTERRUPTED);
        assertThat(r.cause()).contains("the run passed its timeout of 4 s before the runner started");
        assertThat(r.placement().database().node()).isEqualTo("kwok-db-1");
    }

    @Test
    void sigtermWhileTheDatabaseStartsEndsTheRunAsInterruptedAndLeavesNothing(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        Path result = dir.resolve("r.json");
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "mariadb", "-o",
                result.toString()))) {
            lab.awaitErr("created in namespace", 60);
            double seconds = lab.signalAndWait("TERM", 30);
            assertThat(lab.exitCode()).isEqualTo(143);
            assertThat(seconds).as("SIGTERM to exit with everything removed, s").isLessThan(15);
        }
        assertThat(ResultJson.read(result).status()).isEqualTo(Status.INTERRUPTED);
    }

    @Test
    void aLabKilledWithMinusNineLeavesOnlyJobOwnedObjectsThatLabCleanRemoves(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "postgres"))) {
            lab.awaitErr("created in namespace", 60);
            lab.signalAndWait("KILL", 10);
        }
        List<String> left = cluster.leftovers();
        assertThat(left).hasSize(4);
        String job = left.stream().filter(s -> s.startsWith("job ")).findFirst().orElseThrow().substring(4);
        var secrets = cluster.client.secrets().inNamespace(TestCluster.NAMESPACE).withLabel(Labels.RUN_ID).list().getItems();
        assertThat(secrets).singleElement().satisfies(s -> assertThat(s.getMetadata().getOwnerReferences())
                .extracting(r -> r.getKind() + "/" + r.getName()).containsExactly("Job/" + job));
        String secret = secrets.get(0).getMetadata().getName();
        assertThat(cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withLabel(Labels.COMPONENT, Labels.DATABASE)
                .list().getItems()).singleElement().satisfies(p -> assertThat(p.getMetadata().getOwnerReferences())
                .extracting(r -> r.getKind() + "/" + r.getName()).containsExactly("Secret/" + secret));
        CliCapture.Outcome clean = CliCapture.run(LabMain::commandLine, "clean", "--kubeconfig",
                cluster.kubeconfig.toString(), "--namespace", TestCluster.NAMESPACE);
        assertThat(clean.exitCode()).as(clean.toString()).isZero();
        assertThat(clean.out()).startsWith("removed 4 objects in namespace " + TestCluster.NAMESPACE);
    }

    @Test
    void aDryRunPrintsTheManifestsAndMakesNothing(@TempDir Path dir) {
        cluster.nodes.bothRoles();
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, lab("--engine", "postgres", "--dry-run"));
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.out()).contains("kind: \"Job\"", "kind: \"Pod\"", "kind: \"Service\"", "kind: \"Secret\"");
        assertThat(cluster.leftovers()).isEmpty();
    }

    /** The database pod's status made as the kubelet would report the failure; the lab must name it. */
    private void failTheDatabase(Path dir, String containerReason, String podReason, String cause) throws Exception {
        cluster.nodes.bothRoles();
        Path result = dir.resolve("r.json");
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), lab("--engine", "postgres", "-o",
                result.toString()))) {
            lab.awaitErr("created in namespace", 60);
            Pod db = await(() -> running(cluster.client.pods().inNamespace(TestCluster.NAMESPACE)
                    .withLabel(Labels.COMPONENT, Labels.DATABASE).list().getItems().stream().findFirst().orElse(null)));
            cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(db.getMetadata().getName())
                    .editStatus(p -> {
                        var status = new PodStatusBuilder(p.getStatus()).withPhase("Failed").withReason(podReason)
                                .withMessage(podReason == null ? null : "The node was low on resource: memory.");
                        if (containerReason != null) {
                            status.editFirstContainerStatus().withNewState().withNewTerminated().withExitCode(137)
                                    .withReason(containerReason).endTerminated().endState().endContainerStatus();
                        }
                        p.setStatus(status.build());
                        return p;
                    });
            assertThat(lab.waitFor(60)).as(lab.err()).isEqualTo(1);
            assertThat(lab.err()).contains(cause);
        }
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.FAILED);
        assertThat(r.cause()).contains(cause);
    }

    private void expectRefused(Path dir, String message, String... more) {
        Path result = dir.resolve("r.json");
        List<String> args = new ArrayList<>(List.of(lab("--engine", "postgres", "-o", result.toString())));
        args.addAll(List.of(more));
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
        assertThat(CliCapture.Outcome.lines(o.err())).as(o.toString()).hasSize(1);
        assertThat(o.err()).contains(message);
        assertThat(result).doesNotExist();
        assertThat(cluster.leftovers()).isEmpty();
    }

    private String[] lab(String... more) {
        return cluster.args(more).toArray(String[]::new);
    }

    private String roleOf(Pod pod) {
        return cluster.client.nodes().withName(pod.getSpec().getNodeName()).get().getMetadata().getLabels()
                .get(Labels.NODE_ROLE);
    }

    static Pod running(Pod pod) {
        return pod != null && PodStates.running(pod) ? pod : null;
    }

    static RunSpec spec() {
        return new RunSpec(Engines.find("postgres").orElseThrow(), Engines.find("postgres").orElseThrow().defaultProfile(),
                null, new TestWorkload().build(), Output.DEFAULT, Duration.ofMinutes(5), null);
    }

    static <T> T await(java.util.function.Supplier<T> found) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true) {
            T t = found.get();
            if (t != null) {
                return t;
            }
            assertThat(System.nanoTime() - deadline).as("waited 60 s").isNegative();
            Thread.sleep(200);
        }
    }
}
