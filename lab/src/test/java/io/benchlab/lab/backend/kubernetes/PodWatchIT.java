package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.Progress;
import io.benchlab.lab.backend.Provisioning;
import io.benchlab.lab.backend.RunSpec;
import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.it.kube.UsesClusters;
import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.run.Output;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The watch of a run's pods against a real API server (kwok's fake nodes: nothing runs, but
 * pods, nodes and their status are the API server's own): each kind of change it must act on
 * reaches it as an event, within seconds, and names the pod; of several client pods, the one
 * lost, with the others stopped.
 */
@UsesClusters
class PodWatchIT {

    /** Far inside the 10 s in which a run that lost a pod must have ended. */
    private static final Duration SEEN_WITHIN = Duration.ofSeconds(3);

    @RegisterExtension
    final TestCluster cluster = TestCluster.kwok();

    /** What a test made, each kept as soon as it is made: a test that fails half way leaves nothing. */
    private String runId;
    private ClusterObjects objects;
    private PodWatch watch;

    /** Before the cluster's own check that nothing is left: the watch and the run's objects. */
    @AfterEach
    void removeTheRun() {
        if (watch != null) {
            watch.close();
        }
        if (objects != null) {
            // A pod whose node was deleted has no kubelet to see it go: removed without its grace.
            cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withLabel(Labels.RUN_ID, runId)
                    .withGracePeriod(0).delete();
            objects.deleteAll(new Progress(new PrintWriter(System.err, true), false));
        }
    }

    @Test
    void theDeletedPodOfThreeClientPodsIsNamedAndTheOthersAreStopped() throws Exception {
        cluster.nodes.bothRoles().add("kwok-client-2", Labels.CLIENT_ROLE, "4", "8Gi")
                .add("kwok-client-3", Labels.CLIENT_ROLE, "4", "8Gi");
        Watched run = watched(3);
        String second = run.runners().get(1);
        long t0 = System.nanoTime();
        cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(second).delete();
        String lost = run.lostWithin(t0, "client pod 1 deleted");
        assertThat(lost).startsWith("the runner pod " + second + " ").contains("deleted by someone else");
        assertThat(run.progress()).contains(lost + ": the run ends");
        assertThat(run.gaveUp().await(10, TimeUnit.SECONDS)).as("the lab's wait ended after the grace").isTrue();
        assertThat(cluster.client.batch().v1().jobs().inNamespace(TestCluster.NAMESPACE).withLabel(Labels.RUN_ID,
                run.runId()).list().getItems()).singleElement()
                .satisfies(j -> assertThat(j.getSpec().getSuspend()).as("the other pods stopped").isTrue());
    }

    @Test
    void aDatabaseContainerThatRestartedIsNamed() throws Exception {
        cluster.nodes.bothRoles();
        Watched run = watched(1);
        long t0 = System.nanoTime();
        cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(run.db()).editStatus(p -> {
            p.setStatus(new PodStatusBuilder(p.getStatus()).editFirstContainerStatus().withRestartCount(1)
                    .withNewLastState().withNewTerminated().withExitCode(1).withReason("Error").endTerminated()
                    .endLastState().endContainerStatus().build());
            return p;
        });
        assertThat(run.lostWithin(t0, "database container restarted")).isEqualTo("the database container of pod "
                + run.db() + " restarted on node kwok-db-1: exit code 1 (Error)");
    }

    @Test
    void theRunnersNodeNotReadyIsNamed() throws Exception {
        cluster.nodes.bothRoles();
        Watched run = watched(1);
        long t0 = System.nanoTime();
        cluster.client.nodes().withName("kwok-client-1").editStatus(n -> {
            n.getStatus().getConditions().removeIf(c -> "Ready".equals(c.getType()));
            n.getStatus().getConditions().add(new NodeConditionBuilder().withType("Ready").withStatus("False")
                    .withReason("KubeletNotReady").withMessage("container runtime\nis down").build());
            return n;
        });
        assertThat(run.lostWithin(t0, "runner's node not ready")).isEqualTo("the node kwok-client-1 of the runner pod "
                + run.runners().get(0) + " is not ready: KubeletNotReady (container runtime is down)");
    }

    @Test
    void theDatabasesNodeGoneIsNamed() throws Exception {
        cluster.nodes.bothRoles();
        Watched run = watched(1);
        long t0 = System.nanoTime();
        cluster.client.nodes().withName("kwok-db-1").withGracePeriod(0).delete();
        assertThat(run.lostWithin(t0, "database's node deleted"))
                .isEqualTo("the node kwok-db-1 of the database pod " + run.db() + " is gone");
    }

    /** A run's objects made and let go, its pods started, and a watch on them. */
    private record Watched(String runId, ClusterObjects objects, String db, List<String> runners, PodWatch watch, StringWriter said,
                           CountDownLatch gaveUp) {

        /** The loss the watch names once it sees what happened at T0, in time. */
        String lostWithin(long t0, String what) throws InterruptedException {
            while (watch.lost() == null && System.nanoTime() - t0 < SEEN_WITHIN.toNanos()) {
                Thread.sleep(5);
            }
            System.out.printf("[pod watch] %s: seen in %.0f ms%n", what, (System.nanoTime() - t0) / 1e6);
            assertThat(watch.lost()).as("%s seen within %s", what, SEEN_WITHIN).isNotNull();
            return watch.lost();
        }

        String progress() {
            return said.toString();
        }
    }

    private Watched watched(int clientPods) throws Exception {
        runId = "it-" + System.nanoTime();
        RunSpec spec = KwokClusterIT.spec();
        RunPlan plan = RunPlan.of(new RunSpec(spec.engine(), spec.profile(), null,
                new TestWorkload().clients(clientPods * 2).build(), Output.DEFAULT, Duration.ofMinutes(5), null),
                new Provisioning(null, new ContainerLimits(1, 1L << 30), new ContainerLimits(0.5, 512L << 20)),
                new KubernetesSettings(cluster.kubeconfig, TestCluster.NAMESPACE, null, clientPods, false), runId,
                Secret.random(), "test", null);
        objects = new ClusterObjects(cluster.client, TestCluster.NAMESPACE, runId);
        objects.create(plan);
        objects.letGo(null);
        String db = plan.dbPod().getMetadata().getName();
        KwokClusterIT.await(() -> KwokClusterIT.running(objects.pod(db)));
        List<Pod> runners = KwokClusterIT.await(() -> {
            List<Pod> pods = objects.runnerPods();
            return pods.size() == clientPods && pods.stream().allMatch(PodStates::started) ? pods : null;
        });
        StringWriter said = new StringWriter();
        CountDownLatch gaveUp = new CountDownLatch(1);
        watch = new PodWatch(objects, new Progress(new PrintWriter(said, true), false), db,
                runners.stream().map(p -> p.getMetadata().getName()).toList(), () -> false, gaveUp::countDown);
        assertThat(watch.lost()).as("nothing lost yet").isNull();
        return new Watched(runId, objects, db, runners.stream().map(p -> p.getMetadata().getName()).toList(), watch, said, gaveUp);
    }
}
