package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.HostConfig;
import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.images.EngineImages;
import io.benchlab.runner.core.Secret;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Everything one containerised run makes: a network of its own, the containers on it and their
 * volumes, all labelled with the run id, all removed by {@link #close()} whatever happened, also
 * when close runs from a shutdown hook. The lab does not rely on Ryuk, which cannot be pulled everywhere.
 */
final class ContainerSession implements AutoCloseable {

    static final String RUN_LABEL = "io.benchlab.run-id";
    static final String ROLE_LABEL = "io.benchlab.role";

    private final DockerClient docker;
    private final String runId;
    private final String network;
    private final Secret password = Secret.random();
    private final List<Runnable> afterRemoval = new ArrayList<>();
    private boolean closed;

    ContainerSession(DockerClient docker, String runId) {
        this.docker = docker;
        this.runId = runId;
        this.network = "benchlab-" + runId;
        docker.createNetworkCmd().withName(network).withLabels(Map.of(RUN_LABEL, runId)).exec();
    }

    /** The run's network, where its containers find each other. */
    String network() {
        return network;
    }

    /** The run's database password: fresh for every run, never on a command line or in the environment. */
    Secret password() {
        return password;
    }

    /**
     * Creates a container on the run's network, reachable there by its role ({@code db}), with
     * the run's labels, its CPU and memory limits (no swap beyond the memory limit) and the
     * password as a file, readable by whichever user the image runs as (the container is the
     * run's alone).
     */
    synchronized RunContainer create(String role, String image, ContainerLimits limits,
                                     Consumer<CreateContainerCmd> configure) {
        if (closed) {
            throw new IllegalStateException("the run is being stopped");
        }
        RunContainer container = RunContainer.create(docker, image, cmd -> {
            cmd.withName(network + "-" + role).withAliases(role)
                    .withLabels(new HashMap<>(Map.of(RUN_LABEL, runId, ROLE_LABEL, role)))
                    .withHostConfig(HostConfig.newHostConfig().withNetworkMode(network)
                            .withNanoCPUs(limits.nanoCpus())
                            .withMemory(limits.memoryBytes()).withMemorySwap(limits.memoryBytes()));
            configure.accept(cmd);
        });
        container.copyIn(EngineImages.PASSWORD_FILE, password.reveal(), 0444);
        return container;
    }

    /**
     * Puts the created CONTAINER on NETWORK as well, one that is not the run's (the network of the
     * InfluxDB it streams to: {@link InfluxRoute}); the run's close removes the container, and so
     * its place there.
     */
    synchronized void join(RunContainer container, String network) {
        docker.connectToNetworkCmd().withContainerId(container.id()).withNetworkId(network).exec();
    }

    /** A fresh named volume of the run, labelled as its containers are, removed with them. */
    synchronized String volume(String role) {
        if (closed) {
            throw new IllegalStateException("the run is being stopped");
        }
        String name = network + "-" + role;
        docker.createVolumeCmd().withName(name).withLabels(Map.of(RUN_LABEL, runId, ROLE_LABEL, role)).exec();
        return name;
    }

    /** Something else of the run's to remove once its containers are gone (a folder they wrote in). */
    synchronized void removeAfterContainers(Runnable removal) {
        afterRemoval.add(removal);
    }

    /**
     * Removes every container labelled with the run id, then its volumes, its network and what
     * else it registered; safe to call more than once.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            for (Container c : docker.listContainersCmd().withShowAll(true)
                    .withLabelFilter(Map.of(RUN_LABEL, runId)).exec()) {
                docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
            }
            removeVolumes();
            docker.removeNetworkCmd(network).exec();
        } catch (NotFoundException gone) {
            // Removed meanwhile.
        } catch (RuntimeException e) {
            throw new IllegalStateException("could not remove everything of run " + runId + " (containers labelled "
                    + RUN_LABEL + "=" + runId + ", network " + network + "): " + Failures.rootMessage(e), e);
        } finally {
            afterRemoval.forEach(Runnable::run);
        }
    }

    private void removeVolumes() {
        var volumes = docker.listVolumesCmd().withFilter("label", List.of(RUN_LABEL + "=" + runId)).exec().getVolumes();
        for (var v : volumes == null ? List.<com.github.dockerjava.api.command.InspectVolumeResponse>of() : volumes) {
            try {
                docker.removeVolumeCmd(v.getName()).exec();
            } catch (NotFoundException gone) {
                // Removed meanwhile.
            }
        }
    }
}
