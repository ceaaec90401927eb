package io.benchlab.lab.backend.kubernetes;

import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * kwok's fake nodes for one test: made with a role (or none), labelled and tainted as
 * k8s/NODES.md says, Ready once kwok takes them, and removed after the test.
 */
final class FakeNodes implements AutoCloseable {

    private final KubernetesClient client;
    private final List<String> made = new ArrayList<>();

    FakeNodes(KubernetesClient client) {
        this.client = client;
        client.nodes().withLabel("type", "kwok").delete();
    }

    /** A node of that role (null: no role), with that allocatable CPU and memory. */
    FakeNodes add(String name, String role, String cpus, String memory) {
        NodeBuilder node = new NodeBuilder().withNewMetadata().withName(name)
                .withAnnotations(Map.of("kwok.x-k8s.io/node", "fake"))
                .addToLabels(Map.of("kubernetes.io/hostname", name, "kubernetes.io/os", "linux", "type", "kwok"))
                .endMetadata().withNewSpec().endSpec()
                .withNewStatus().withCapacity(Map.of("cpu", new Quantity(cpus), "memory", new Quantity(memory),
                        "pods", new Quantity("110")))
                .withAllocatable(Map.of("cpu", new Quantity(cpus), "memory", new Quantity(memory), "pods", new Quantity("110")))
                .endStatus();
        if (role != null) {
            node.editMetadata().addToLabels(Labels.NODE_ROLE, role).endMetadata()
                    .editSpec().addNewTaint().withKey(Labels.DEDICATED_TAINT).withValue(role).withEffect("NoSchedule")
                    .endTaint().endSpec();
        }
        Node created = client.nodes().resource(node.build()).create();
        made.add(created.getMetadata().getName());
        client.nodes().withName(name).waitUntilCondition(n -> n != null && n.getStatus() != null
                && n.getStatus().getConditions() != null && n.getStatus().getConditions().stream()
                .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus())), 30, java.util.concurrent.TimeUnit.SECONDS);
        return this;
    }

    /** One db node and one client node, roomy. */
    FakeNodes bothRoles() {
        return add("kwok-db-1", Labels.DB_ROLE, "4", "8Gi").add("kwok-client-1", Labels.CLIENT_ROLE, "4", "8Gi");
    }

    @Override
    public void close() {
        for (String name : made) {
            client.nodes().withName(name).withGracePeriod(0).delete();
        }
    }
}
