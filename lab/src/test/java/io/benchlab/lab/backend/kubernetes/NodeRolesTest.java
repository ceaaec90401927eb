package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The nodes a run needs, checked before anything is made. */
class NodeRolesTest {

    static final ContainerLimits DB = new ContainerLimits(2, 4L << 30);
    static final ContainerLimits RUNNER = new ContainerLimits(1, 1L << 30);

    static NodeBuilder node(String name, String role, String cpus, String memory, boolean ready) {
        NodeBuilder b = new NodeBuilder().withNewMetadata().withName(name).endMetadata()
                .withNewSpec().endSpec()
                .withNewStatus().withAllocatable(Map.of("cpu", new Quantity(cpus), "memory", new Quantity(memory)))
                .addNewCondition().withType("Ready").withStatus(ready ? "True" : "False").endCondition().endStatus();
        return role == null ? b : b.editMetadata().withLabels(Map.of("benchlab.io/role", role)).endMetadata();
    }

    static Node db(String cpus, String memory) {
        return node("db-1", "db", cpus, memory, true).build();
    }

    static final Node CLIENT = node("client-1", "client", "4", "8Gi", true).build();

    @Test
    void noLabelledNodeSaysWhichLabelAndWhereToReadMore() {
        List<Node> nodes = List.of(node("worker-1", null, "8", "16Gi", true).build());
        assertThatThrownBy(() -> NodeRoles.check(nodes, DB, RUNNER)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("benchlab.io/role").hasMessageContaining("k8s/NODES.md");
        assertThatThrownBy(() -> NodeRoles.check(List.of(), DB, RUNNER)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("benchlab.io/role");
    }

    @Test
    void onlyDbNodesNamesTheMissingClientRole() {
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "16Gi")), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("benchlab.io/role=client")
                .hasMessageContaining("k8s/NODES.md");
    }

    @Test
    void onlyClientNodesNamesTheMissingDbRole() {
        assertThatThrownBy(() -> NodeRoles.check(List.of(CLIENT), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("benchlab.io/role=db");
    }

    @Test
    void nodesThatAreNotReadyOrCordonedDoNotCount() {
        Node notReady = node("db-1", "db", "8", "16Gi", false).build();
        assertThatThrownBy(() -> NodeRoles.check(List.of(notReady, CLIENT), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("ready and schedulable")
                .hasMessageContaining("db-1");
        Node cordoned = node("client-2", "client", "8", "16Gi", true).editSpec().withUnschedulable(true).endSpec().build();
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "16Gi"), cordoned), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("ready and schedulable")
                .hasMessageContaining("client-2");
    }

    @Test
    void requestsLargerThanEveryDbNodeNameTheAllocatableAndTheFlags() {
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("1500m", "2Gi"), CLIENT), DB, RUNNER))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("db-1 has 1.5 CPUs and 2048 MiB allocatable")
                .hasMessageContaining("--db-cpus/--db-memory");
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "3Gi"), CLIENT), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--db-cpus/--db-memory");
    }

    @Test
    void aRunnerTooLargeForEveryClientNodeNamesTheRunnerFlags() {
        Node small = node("client-1", "client", "500m", "8Gi", true).build();
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "16Gi"), small), DB, RUNNER))
                .isInstanceOf(BadInputException.class).hasMessageContaining("--runner-cpus/--runner-memory");
    }

    @Test
    void oneFittingNodeOfEachRoleIsEnough() {
        Node tooSmall = node("db-0", "db", "1", "1Gi", true).build();
        assertThatCode(() -> NodeRoles.check(List.of(tooSmall, db("2", "4Gi"), CLIENT,
                node("worker", null, "64", "256Gi", true).build()), DB, RUNNER)).doesNotThrowAnyException();
    }

    /** A pod placed on NODE that asks for CPUS and MEMORY, in PHASE. */
    static Pod placed(String name, String node, String cpus, String memory, String phase) {
        return new PodBuilder().withNewMetadata().withName(name).withNamespace("benchlab").endMetadata()
                .withNewSpec().withNodeName(node).addNewContainer().withName("c").withNewResources()
                .withRequests(Map.of("cpu", new Quantity(cpus), "memory", new Quantity(memory))).endResources()
                .endContainer().endSpec().withNewStatus().withPhase(phase).endStatus().build();
    }

    static final Node SMALL_CLIENT = node("client-1", "client", "2", "4Gi", true).build();

    @Test
    void podsAlreadyOnTheOnlyClientNodeTakeItsRoomAndTheRefusalNamesThemAndTheShortfall() {
        List<Pod> pods = List.of(placed("benchlab-nightly-1-abc", "client-1", "250m", "768Mi", "Running"),
                placed("influxdb-0", "client-1", "500m", "1Gi", "Running"));
        ContainerLimits two = new ContainerLimits(2, 2L << 30);
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "16Gi"), SMALL_CLIENT), pods, DB, two, 1, false))
                .isInstanceOf(BadInputException.class)
                .hasMessage("the runner's requests (2 CPUs, 2048 MiB) fit on no client node: client-1 has 1.25 CPUs and"
                        + " 2304 MiB free of 2 CPUs and 4096 MiB allocatable (0.75 CPUs short; taken by"
                        + " benchlab/benchlab-nightly-1-abc, benchlab/influxdb-0); lower --runner-cpus/--runner-memory, or"
                        + " move the other pods off the client nodes (k8s/NODES.md)");
        assertThatCode(() -> NodeRoles.check(List.of(db("8", "16Gi"), SMALL_CLIENT), pods, DB,
                new ContainerLimits(1.25, 2304L << 20), 1, false)).as("exactly the room left").doesNotThrowAnyException();
    }

    @Test
    void endedPodsPodsBeingDeletedAndPodsOnOtherNodesTakeNoRoom() {
        Pod leaving = new PodBuilder(placed("leaving", "client-1", "2", "4Gi", "Running")).editMetadata()
                .withDeletionTimestamp("2026-12-07T20:00:00Z").endMetadata().build();
        List<Pod> pods = List.of(placed("done", "client-1", "2", "4Gi", "Succeeded"),
                placed("failed", "client-1", "2", "4Gi", "Failed"), leaving,
                placed("elsewhere", "worker", "2", "4Gi", "Running"),
                placed("pending", null, "2", "4Gi", "Pending"));
        assertThatCode(() -> NodeRoles.check(List.of(db("8", "16Gi"), SMALL_CLIENT), pods, DB,
                new ContainerLimits(2, 4L << 30), 1, false)).doesNotThrowAnyException();
    }

    @Test
    void anInitContainerLargerThanTheContainersCountsAloneAndMemoryShortIsNamed() {
        Pod init = new PodBuilder(placed("db-x", "db-1", "1", "1Gi", "Pending")).editSpec().addNewInitContainer()
                .withName("probe").withNewResources().withRequests(Map.of("cpu", new Quantity("3"),
                        "memory", new Quantity("3Gi"))).endResources().endInitContainer().endSpec().build();
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("4", "6Gi"), CLIENT), List.of(init), DB, RUNNER, 1, false))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("db-1 has 1 CPUs and 3072 MiB free of 4 CPUs and 6144 MiB allocatable"
                        + " (1 CPUs and 1024 MiB short; taken by benchlab/db-x)");
    }

    @Test
    void clientPodsCountOnlyTheClientNodesWithRoomLeft() {
        Node second = node("client-2", "client", "2", "4Gi", true).build();
        List<Pod> pods = List.of(placed("influxdb-0", "client-2", "500m", "1Gi", "Running"));
        assertThatThrownBy(() -> NodeRoles.check(List.of(db("8", "16Gi"), SMALL_CLIENT, second), pods, DB,
                new ContainerLimits(2, 2L << 30), 2, false))
                .isInstanceOf(BadInputException.class).hasMessageContaining("the cluster has 1 (client-1)");
    }

    @Test
    void aClusterWhoseEveryNodeHasARoleIsToldSoInOneLine() {
        assertThat(NodeRoles.withoutGeneralNode(List.of(db("8", "16Gi"), CLIENT))).get().asString()
                .contains("every node of this cluster has a benchlab.io/role", "k8s/NODES.md").doesNotContain("\n");
        assertThat(NodeRoles.withoutGeneralNode(List.of(db("8", "16Gi"), CLIENT,
                node("worker", null, "4", "8Gi", true).build()))).isEmpty();
    }
}
