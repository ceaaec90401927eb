package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.lab.backend.ContainerLimits;
import io.benchlab.runner.core.BadInputException;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
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
}
