package io.benchlab.lab.it;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.Network;
import io.benchlab.runner.it.ServerTargets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.testcontainers.DockerClientFactory;

/**
 * The Docker API the container ITs use: found through DOCKER_HOST (as `.ci/containers env`
 * exports it for podman). Absent, the tests skip naming the variable; under
 * BENCHLAB_IT_REQUIRED=all they fail instead.
 */
public final class DockerApi {

    private DockerApi() {
    }

    public static DockerClient require() {
        String host = ServerTargets.variable("DOCKER_HOST");
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            String message = "no Docker API answers at DOCKER_HOST=" + host + " (.ci/containers start)";
            if ("all".equals(System.getenv(ServerTargets.REQUIRED))) {
                Assertions.fail(message);
            }
            Assumptions.abort(message);
        }
        return DockerClientFactory.instance().client();
    }

    /** Every container (running or not), network and volume a lab run made, by name. */
    static Set<String> benchlabLeftovers(DockerClient docker) {
        Set<String> found = new TreeSet<>();
        List<Container> containers = docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(List.of("io.benchlab.run-id")).exec();
        containers.forEach(c -> found.add("container " + String.join(",", c.getNames())));
        var volumes = docker.listVolumesCmd().withFilter("label", List.of("io.benchlab.run-id")).exec().getVolumes();
        if (volumes != null) {
            volumes.forEach(v -> found.add("volume " + v.getName()));
        }
        for (Network n : docker.listNetworksCmd().exec()) {
            if (n.getName().startsWith("benchlab-")) {
                found.add("network " + n.getName());
            }
        }
        return found;
    }
}
