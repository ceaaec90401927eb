package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import io.benchlab.lab.backend.ContainerLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.testcontainers.containers.GenericContainer;

/**
 * Everything one containerised run makes: a network of its own and the containers on it, all
 * labelled with the run id, all removed by {@link #close()} whatever happened, also when close
 * runs from a shutdown hook. The lab does not rely on Ryuk, which cannot be pulled everywhere.
 */
final class ContainerSession implements AutoCloseable {

    static final String RUN_LABEL = "io.benchlab.run-id";
    static final String ROLE_LABEL = "io.benchlab.role";

    private final DockerClient docker;
    private final String runId;
    private final String network;
    private final List<Entry> containers = new ArrayList<>();
    private boolean closed;

    ContainerSession(DockerClient docker, String runId) {
        this.docker = docker;
        this.runId = runId;
        this.network = "benchlab-" + runId;
        docker.createNetworkCmd().withName(network).withLabels(Map.of(RUN_LABEL, runId)).exec();
    }

    DockerClient docker() {
        return docker;
    }

    String network() {
        return network;
    }

    /**
     * Puts a container on the run's network with the run's labels and the given limits, and
     * remembers it for clean-up. The labels replace Testcontainers' own, so its session
     * clean-up leaves the lab's containers to the lab.
     */
    synchronized <T extends GenericContainer<?>> T add(T container, String role, ContainerLimits limits) {
        if (closed) {
            throw new IllegalStateException("the run is being stopped");
        }
        Map<String, String> labels = Map.of(RUN_LABEL, runId, ROLE_LABEL, role);
        String name = network + "-" + role;
        container.withNetworkMode(network).withCreateContainerCmdModifier(cmd -> {
            cmd.withLabels(labels).withName(name);
            cmd.getHostConfig().withNanoCPUs(limits.nanoCpus())
                    .withMemory(limits.memoryBytes()).withMemorySwap(limits.memoryBytes());
        });
        containers.add(new Entry(container, name));
        return container;
    }

    /**
     * Called after a container started: if the run was stopped meanwhile (a signal during the
     * start), the container is removed at once instead of outliving the lab.
     */
    synchronized void started() {
        if (closed) {
            closed = false;
            close();
            throw new IllegalStateException("the run was stopped while its containers started");
        }
    }

    /** Removes the containers (newest first) and the network; safe to call more than once. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = containers.size() - 1; i >= 0; i--) {
            Entry e = containers.get(i);
            try {
                e.container().stop();
            } catch (RuntimeException ignored) {
                // Removed by name below.
            }
            // Also when stop() found no id: a start cut short by a signal may have created it.
            removeByName(e.name());
        }
        try {
            docker.removeNetworkCmd(network).exec();
        } catch (NotFoundException gone) {
            // Nothing to remove.
        }
    }

    private record Entry(GenericContainer<?> container, String name) {
    }

    private void removeByName(String name) {
        try {
            docker.removeContainerCmd(name).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException gone) {
            // The usual case: stop() removed it.
        }
    }
}
