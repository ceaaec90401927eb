package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Placement;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One side of a run as the cluster reports it: the pod's status and its node, not what the lab asked for. */
class PodFactsTest {

    static final String HEX = "0123456789abcdef".repeat(4);

    static PodBuilder pod() {
        return new PodBuilder().withNewMetadata().withName("benchlab-r-db").withLabels(Map.of("benchlab.io/run-id", "r"))
                .endMetadata()
                .withNewSpec().withNodeName("db-1").addNewContainer().withName("database").withImage("benchlab/postgres:17")
                .withNewResources().withLimits(Map.of("cpu", new Quantity("2"), "memory", new Quantity("1Gi")))
                .endResources().endContainer().endSpec()
                .withNewStatus().withQosClass("Guaranteed").addNewContainerStatus().withName("database")
                .withImage("benchlab/postgres:17").withImageID("docker.io/benchlab/postgres@sha256:" + HEX)
                .endContainerStatus().endStatus();
    }

    static final Node NODE = new NodeBuilder().withNewMetadata().withName("db-1").endMetadata().withNewStatus()
            .withCapacity(Map.of("cpu", new Quantity("8"), "memory", new Quantity("32Gi")))
            .withAllocatable(Map.of("cpu", new Quantity("7500m"), "memory", new Quantity("30Gi")))
            .withNewNodeInfo().withKubeletVersion("v1.30.2").withContainerRuntimeVersion("containerd://1.6.20")
            .endNodeInfo().endStatus().build();

    @Test
    void limitsTheKubeletReportsWin() {
        Pod pod = pod().editStatus().editFirstContainerStatus().withNewResources()
                .withLimits(Map.of("cpu", new Quantity("1500m"), "memory", new Quantity("512Mi"))).endResources()
                .endContainerStatus().endStatus().build();
        Placement.Side side = PodFacts.side(pod, NODE);
        assertThat(side.cpuLimit()).isEqualTo(1.5);
        assertThat(side.memoryLimitBytes()).isEqualTo(512L << 20);
        assertThat(side.limitsSource()).isEqualTo("kubelet");
    }

    @Test
    void withoutThemTheLimitsComeFromThePodSpec() {
        Placement.Side side = PodFacts.side(pod().build(), NODE);
        assertThat(side.cpuLimit()).isEqualTo(2.0);
        assertThat(side.memoryLimitBytes()).isEqualTo(1L << 30);
        assertThat(side.limitsSource()).isEqualTo("pod spec");
    }

    @Test
    void theDigestIsTakenFromTheImageIdOrNotAtAll() {
        assertThat(PodFacts.digest("docker.io/benchlab/postgres@sha256:" + HEX)).isEqualTo("sha256:" + HEX);
        assertThat(PodFacts.digest("sha256:" + HEX)).isEqualTo("sha256:" + HEX);
        assertThat(PodFacts.digest("not an image id")).isNull();
        assertThat(PodFacts.digest("postgres:latest")).as("a tag is no digest").isNull();
        assertThat(PodFacts.digest("docker.io/benchlab/postgres@latest")).isNull();
        assertThat(PodFacts.digest("")).isNull();
        assertThat(PodFacts.digest(null)).isNull();
        assertThat(PodFacts.side(pod().build(), NODE).imageDigest()).isEqualTo("sha256:" + HEX);
    }

    @Test
    void theNodesFactsAreReadFromTheNode() {
        Placement.Side side = PodFacts.side(pod().build(), NODE);
        assertThat(side.node()).isEqualTo("db-1");
        assertThat(side.kubeletVersion()).isEqualTo("v1.30.2");
        assertThat(side.containerEngine()).isEqualTo("containerd 1.6.20");
        assertThat(side.nodeCapacity()).isEqualTo(new Placement.Resources(8.0, 32L << 30));
        assertThat(side.nodeAllocatable()).isEqualTo(new Placement.Resources(7.5, 30L << 30));
        assertThat(side.qosClass()).isEqualTo("Guaranteed");
        assertThat(side.image()).isEqualTo("benchlab/postgres:17");
    }

    @Test
    void withoutTheNodeItsFactsAreMissingNotInvented() {
        Placement.Side side = PodFacts.side(pod().build(), null);
        assertThat(side.node()).isEqualTo("db-1");
        assertThat(side.kubeletVersion()).isNull();
        assertThat(side.nodeCapacity()).isNull();
        assertThat(side.containerEngine()).isNull();
    }
}
