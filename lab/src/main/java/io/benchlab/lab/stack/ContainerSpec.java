package io.benchlab.lab.stack;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One container of the stack, as the Docker API is given it: everything its inspect data will
 * show (image, environment, command, ports, mounts), and the secret files copied in before it
 * starts, by path in the container and name in {@link StackSecrets}. {@code port} is the service's
 * port in the container, {@code hostPort} where it is published on the host's loopback.
 */
record ContainerSpec(String name, String alias, String image, Map<String, String> env, List<String> command,
                     int port, int hostPort, HostConfig hostConfig, Map<String, String> secretFiles) {

    void applyTo(CreateContainerCmd cmd) {
        cmd.withName(name).withAliases(alias).withLabels(new HashMap<>(Map.of(StackSpec.LABEL, StackSpec.NAME)))
                .withEnv(env.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).sorted().toArray(String[]::new))
                .withExposedPorts(ExposedPort.tcp(port)).withHostConfig(hostConfig);
        if (!command.isEmpty()) {
            cmd.withCmd(command);
        }
    }
}
