package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Why a pod will never do its work, read from its status. */
class PodStatesTest {

    static final String IMAGE = "benchlab/postgres:17.6-durable";

    static PodBuilder pod(String phase) {
        return new PodBuilder().withNewMetadata().withName("p").endMetadata()
                .withNewSpec().withNodeName("node-7").endSpec()
                .withNewStatus().withPhase(phase).endStatus();
    }

    static Pod withContainer(ContainerStatus status) {
        return pod("Pending").editStatus().withContainerStatuses(status).endStatus().build();
    }

    @Test
    void anEvictedPodNamesItsNodeAndWhy() {
        Pod pod = pod("Failed").editStatus().withReason("Evicted").withMessage("The node was low on resource: memory.")
                .endStatus().build();
        assertThat(PodStates.failure(pod, "database")).hasValueSatisfying(why -> assertThat(why)
                .contains("evicted").contains("node-7").contains("low on resource: memory"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"ErrImagePull", "ImagePullBackOff", "ErrImageNeverPull"})
    void anImageThatCannotBePulledNamesTheImageAndNode(String reason) {
        Pod pod = withContainer(new ContainerStatusBuilder().withName("database").withImage(IMAGE)
                .withNewState().withNewWaiting().withReason(reason).withMessage("pull access\ndenied").endWaiting()
                .endState().build());
        assertThat(PodStates.failure(pod, "database")).hasValueSatisfying(why -> assertThat(why)
                .contains("cannot be pulled").contains(IMAGE).contains("node-7").contains(reason)
                .contains("pull access denied").doesNotContain("\n"));
    }

    @Test
    void anInitContainerWhoseImageCannotBePulledIsSaidWhileTheContainerWaits() {
        // The storage probe runs the database's image first: while it cannot be pulled, the
        // database's own container only waits, PodInitializing.
        Pod pod = pod("Pending").editStatus()
                .withInitContainerStatuses(new ContainerStatusBuilder().withName("storage-probe").withImage(IMAGE)
                        .withNewState().withNewWaiting().withReason("ErrImagePull").endWaiting().endState().build())
                .withContainerStatuses(new ContainerStatusBuilder().withName("database").withImage(IMAGE)
                        .withNewState().withNewWaiting().withReason("PodInitializing").endWaiting().endState().build())
                .endStatus().build();
        assertThat(PodStates.failure(pod, "database")).hasValueSatisfying(why -> assertThat(why)
                .contains("cannot be pulled").contains(IMAGE).contains("node-7").contains("ErrImagePull"));
    }

    static ContainerStatusBuilder oomKilled(boolean inLastState) {
        ContainerStatusBuilder b = new ContainerStatusBuilder().withName("c").withImage(IMAGE);
        return inLastState
                ? b.withNewState().withNewRunning().endRunning().endState()
                        .withNewLastState().withNewTerminated().withReason("OOMKilled").withExitCode(137).endTerminated()
                        .endLastState()
                : b.withNewState().withNewTerminated().withReason("OOMKilled").withExitCode(137).endTerminated().endState();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void anOomKillNamesTheFlagOfTheSideThatRanOut(boolean inLastState) {
        Pod pod = withContainer(oomKilled(inLastState).build());
        assertThat(PodStates.failure(pod, "database")).hasValueSatisfying(why -> assertThat(why)
                .contains("OOM-killed").contains("node-7").contains("--db-memory").doesNotContain("--runner-memory"));
        assertThat(PodStates.failure(pod, "runner")).hasValueSatisfying(why -> assertThat(why)
                .contains("OOM-killed").contains("--runner-memory").doesNotContain("--db-memory"));
    }

    @Test
    void anUnschedulablePodGivesTheSchedulersMessage() {
        Pod pod = pod("Pending").editStatus().addNewCondition().withType("PodScheduled").withStatus("False")
                .withReason("Unschedulable").withMessage("0/3 nodes are available: 3 Insufficient cpu.").endCondition()
                .endStatus().build();
        assertThat(PodStates.unschedulable(pod)).hasValue("0/3 nodes are available: 3 Insufficient cpu.");
        assertThat(PodStates.failure(pod, "database")).isEmpty();
    }

    @Test
    void aHealthyRunningPodHasNoFailureAndIsScheduled() {
        Pod pod = pod("Running").editStatus().addNewCondition().withType("PodScheduled").withStatus("True").endCondition()
                .withContainerStatuses(new ContainerStatusBuilder().withName("database").withImage(IMAGE).withReady(true)
                        .withRestartCount(0).withNewState().withNewRunning().withStartedAt("2026-01-01T00:00:00Z")
                        .endRunning().endState().build())
                .endStatus().build();
        assertThat(PodStates.failure(pod, "database")).isEmpty();
        assertThat(PodStates.failure(pod, "runner")).isEmpty();
        assertThat(PodStates.unschedulable(pod)).isEmpty();
        assertThat(PodStates.running(pod)).isTrue();
        assertThat(PodStates.exitCode(pod)).isNull();
    }
}
