package io.benchlab.lab.backend.docker;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.command.InspectImageResponse;
import com.github.dockerjava.api.model.BlkioRateDevice;
import com.github.dockerjava.api.model.HostConfig;
import io.benchlab.results.Placement;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One side of a containerised run as the container engine reports it, read back from inspect
 * data rather than from what the lab asked for: the image and its digest, the limits in force
 * (CPUs, memory, writes a second to a device), and the image's provenance labels (version, revision, profile, config file hash).
 */
final class ContainerFacts {

    private ContainerFacts() {
    }

    static Placement.Side side(DockerClient docker, String containerId, String containerEngine, String node) {
        InspectContainerResponse c = docker.inspectContainerCmd(containerId).exec();
        InspectImageResponse image = docker.inspectImageCmd(c.getImageId()).exec();
        return new Placement.Side(node, c.getConfig().getImage(), digest(image), cpus(c.getHostConfig()),
                memory(c.getHostConfig()), containerEngine, provenance(image))
                .withWriteIopsLimit(writeIops(c.getHostConfig()));
    }

    /** The registry digest of a pulled image, else the image id (the digest of its configuration). */
    static String digest(InspectImageResponse image) {
        if (image.getRepoDigests() != null) {
            for (String d : image.getRepoDigests()) {
                int at = d.indexOf('@');
                if (at > 0) {
                    return d.substring(at + 1);
                }
            }
        }
        return image.getId();
    }

    static Double cpus(HostConfig h) {
        if (h.getNanoCPUs() != null && h.getNanoCPUs() > 0) {
            return h.getNanoCPUs() / 1e9;
        }
        if (h.getCpuQuota() != null && h.getCpuQuota() > 0 && h.getCpuPeriod() != null && h.getCpuPeriod() > 0) {
            return (double) h.getCpuQuota() / h.getCpuPeriod();
        }
        return null;
    }

    static Long memory(HostConfig h) {
        return h.getMemory() != null && h.getMemory() > 0 ? h.getMemory() : null;
    }

    /** The container's cap on writes a second (the lab sets one, on its storage's device); null: none. */
    static Long writeIops(HostConfig h) {
        List<BlkioRateDevice> caps = h.getBlkioDeviceWriteIOps();
        return caps == null ? null : caps.stream().map(BlkioRateDevice::getRate)
                .filter(rate -> rate != null && rate > 0).min(Long::compare).orElse(null);
    }

    private static Map<String, String> provenance(InspectImageResponse image) {
        Map<String, String> kept = new TreeMap<>();
        Map<String, String> labels = image.getConfig() == null ? null : image.getConfig().getLabels();
        if (labels != null) {
            labels.forEach((k, v) -> {
                if (k.startsWith("org.opencontainers.image.") || k.startsWith("io.benchlab.")) {
                    kept.put(k, v);
                }
            });
        }
        return kept;
    }
}
