package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;

/** What ends a run mid-way: each way a pod or its node is lost, named; a pod that goes on is no loss. */
class PodLossTest {

    private static final Node READY = node("True", "KubeletReady");

    private static PodBuilder running(int restarts) {
        return new PodBuilder().withNewMetadata().withName("db").endMetadata()
                .withNewSpec().withNodeName("node-db").endSpec()
                .withNewStatus().withPhase("Running").addNewContainerStatus().withName("database").withRestartCount(restarts)
                .withNewState().withNewRunning().endRunning().endState().endContainerStatus().endStatus();
    }

    private static Node node(String ready, String reason) {
        return new NodeBuilder().withNewMetadata().withName("node-db").endMetadata().withNewStatus()
                .addNewCondition().withType("Ready").withStatus(ready).withReason(reason).endCondition().endStatus().build();
    }

    @Test
    void aRunningPodOnAReadyNodeIsNoLoss() {
        assertThat(PodLoss.of(running(1).build(), "db", "database", 1, READY)).isEmpty();
    }

    @Test
    void aGoneOrDeletedPodIsNamed() {
        assertThat(PodLoss.of(null, "db", "database", 0, READY))
                .hasValue("the database pod db is gone: deleted by someone else");
        Pod deleting = running(0).editMetadata().withDeletionTimestamp("2026-11-24T22:00:00Z").endMetadata().build();
        assertThat(PodLoss.of(deleting, "db", "runner", 0, READY))
                .hasValue("the runner pod db was deleted by someone else while it ran, on node node-db");
    }

    @Test
    void anEvictedOrOomKilledPodSaysSoAndNamesThePod() {
        Pod evicted = running(0).editStatus().withPhase("Failed").withReason("Evicted").withMessage("low memory").endStatus()
                .build();
        assertThat(PodLoss.of(evicted, "db", "database", 0, READY))
                .hasValue("the database pod was evicted from node node-db: low memory (pod db)");
        Pod oom = running(1).editStatus().editContainerStatus(0).withNewLastState().withNewTerminated().withExitCode(137)
                .withReason("OOMKilled").endTerminated().endLastState().endContainerStatus().endStatus().build();
        assertThat(PodLoss.of(oom, "db", "database", 0, READY)).get().asString()
                .startsWith("the database was OOM-killed on node node-db").endsWith("(pod db)");
    }

    @Test
    void aContainerThatRestartedSinceTheStartIsALoss() {
        Pod restarted = running(2).editStatus().editContainerStatus(0).withNewLastState().withNewTerminated()
                .withExitCode(1).withReason("Error").endTerminated().endLastState().endContainerStatus().endStatus().build();
        assertThat(PodLoss.of(restarted, "db", "database", 1, READY))
                .hasValue("the database container of pod db restarted on node node-db: exit code 1 (Error)");
        assertThat(PodLoss.of(restarted, "db", "database", 2, READY)).isEmpty();
    }

    @Test
    void aNodeGoneOrNotReadyIsNamed() {
        assertThat(PodLoss.of(running(0).build(), "db", "database", 0, null))
                .hasValue("the node node-db of the database pod db is gone");
        assertThat(PodLoss.of(running(0).build(), "db", "database", 0, node("Unknown", "NodeStatusUnknown")))
                .hasValue("the node node-db of the database pod db is not ready: NodeStatusUnknown");
    }
}
