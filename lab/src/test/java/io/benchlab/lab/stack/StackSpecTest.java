package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.Ports;
import io.benchlab.lab.LabDefaults;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The stack's containers as the Docker API is given them: what inspect would show, and what it must not. */
class StackSpecTest {

    private static final Path BOARDS = Path.of("/clone/images/grafana");
    private static final StackSpec SPEC = new StackSpec(StackImages.influxdb(), StackImages.grafana(), BOARDS);

    static Stream<ContainerSpec> containers() {
        return SPEC.containers().stream();
    }

    @Test
    void imagesArePinnedByTagAndDigest() {
        assertThat(SPEC.influxdb().image()).matches("docker\\.io/library/influxdb:2\\.7\\.12@sha256:[0-9a-f]{64}");
        assertThat(SPEC.grafana().image()).matches("docker\\.io/grafana/grafana-oss:\\d+\\.\\d+\\.\\d+@sha256:[0-9a-f]{64}");
    }

    /** Docker is given exactly one binding per container, on 127.0.0.1, at the documented port. */
    @ParameterizedTest
    @MethodSource("containers")
    void portsArePublishedOnLoopbackOnly(ContainerSpec c) {
        Map<?, Ports.Binding[]> bindings = given(c).hostConfig().getPortBindings().getBindings();
        assertThat(bindings).hasSize(1);
        Ports.Binding[] binding = bindings.values().iterator().next();
        assertThat(binding).singleElement().satisfies(b -> {
            assertThat(b.getHostIp()).isEqualTo("127.0.0.1");
            assertThat(b.getHostPortSpec()).isEqualTo(String.valueOf(c.hostPort()));
        });
        assertThat(c.port()).isIn(LabDefaults.STACK_INFLUXDB_PORT, LabDefaults.STACK_GRAFANA_PORT);
    }

    /**
     * Secrets reach the containers as files: every variable naming a token or password ends in _FILE
     * and names a file the lab copies in; there are no arguments; the values are paths and settings.
     */
    @ParameterizedTest
    @MethodSource("containers")
    void noSecretIsInTheEnvironmentOrTheArguments(ContainerSpec c) {
        Given given = given(c);
        assertThat(given.cmd()).isNull();
        for (String entry : given.env()) {
            String name = entry.substring(0, entry.indexOf('='));
            String value = entry.substring(entry.indexOf('=') + 1);
            if (name.matches(".*(TOKEN|PASSWORD).*")) {
                assertThat(name).endsWith("_FILE");
                assertThat(c.secretFiles()).containsKey(value);
            } else {
                assertThat(value).doesNotContainPattern("[A-Za-z0-9_-]{24,}");
            }
        }
        assertThat(c.secretFiles()).containsEntry(StackSpec.TOKEN_FILE, StackSecrets.TOKEN);
    }

    @Test
    void influxdbIsSetUpOnFirstStartWithTheTokenFromItsFile() {
        Map<String, String> env = SPEC.influxdb().env();
        assertThat(env).containsEntry("DOCKER_INFLUXDB_INIT_MODE", "setup")
                .containsEntry("DOCKER_INFLUXDB_INIT_ORG", "benchlab").containsEntry("DOCKER_INFLUXDB_INIT_BUCKET", "benchlab")
                .containsEntry("DOCKER_INFLUXDB_INIT_ADMIN_TOKEN_FILE", StackSpec.TOKEN_FILE)
                .doesNotContainKeys("DOCKER_INFLUXDB_INIT_ADMIN_TOKEN", "DOCKER_INFLUXDB_INIT_PASSWORD");
        assertThat(binds(SPEC.influxdb())).extracting(b -> b.getPath() + ":" + b.getVolume().getPath()).containsExactlyInAnyOrder(
                StackSpec.INFLUXDB_DATA + ":/var/lib/influxdb2", StackSpec.INFLUXDB_CONFIG + ":/etc/influxdb2");
    }

    /** images/grafana's provisioning and dashboards, read-only, where the provisioning files expect them; data in a volume. */
    @Test
    void grafanaMountsTheBoardsReadOnly() {
        assertThat(binds(SPEC.grafana())).extracting(b -> b.getPath() + ":" + b.getVolume().getPath() + ":" + b.getAccessMode())
                .containsExactlyInAnyOrder(
                        "/clone/images/grafana/provisioning:/etc/grafana/provisioning:ro",
                        "/clone/images/grafana/dashboards:/var/lib/grafana/dashboards:ro",
                        StackSpec.GRAFANA_DATA + ":/var/lib/grafana:" + AccessMode.rw);
        assertThat(SPEC.grafana().env()).containsEntry("GF_SECURITY_ADMIN_PASSWORD__FILE", StackSpec.PASSWORD_FILE);
        assertThat(SPEC.grafana().secretFiles()).containsEntry(StackSpec.PASSWORD_FILE, StackSecrets.GRAFANA_PASSWORD);
    }

    /** On the stack's own network, InfluxDB by the name the datasource uses; labelled, so that down finds them. */
    @ParameterizedTest
    @MethodSource("containers")
    void containersAreOnTheStacksNetworkAndLabelled(ContainerSpec c) {
        Given given = given(c);
        assertThat(given.hostConfig().getNetworkMode()).isEqualTo(StackSpec.NAME);
        assertThat(given.labels()).containsEntry(StackSpec.LABEL, StackSpec.NAME);
        assertThat(given.name()).startsWith(StackSpec.NAME + "-");
        assertThat(SPEC.influxdb().alias()).isEqualTo("influxdb");
        assertThat(SPEC.volumes()).allSatisfy(v -> assertThat(v).startsWith(StackSpec.NAME + "-"));
    }

    private static List<Bind> binds(ContainerSpec c) {
        return Arrays.asList(given(c).hostConfig().getBinds());
    }

    /** What {@link ContainerSpec#applyTo} hands the create command. */
    record Given(String name, String[] env, List<String> cmd, HostConfig hostConfig, Map<String, String> labels) {
    }

    @SuppressWarnings("unchecked")
    private static Given given(ContainerSpec c) {
        Map<String, Object> calls = new HashMap<>();
        CreateContainerCmd cmd = (CreateContainerCmd) Proxy.newProxyInstance(CreateContainerCmd.class.getClassLoader(),
                new Class<?>[] {CreateContainerCmd.class}, (proxy, method, args) -> {
                    calls.put(method.getName(), args == null ? null : args[0]);
                    return method.getName().equals("getHostConfig") ? calls.get("withHostConfig") : proxy;
                });
        c.applyTo(cmd);
        Object cmdArgs = calls.get("withCmd");
        return new Given((String) calls.get("withName"), (String[]) calls.get("withEnv"),
                cmdArgs == null ? null : (List<String>) cmdArgs, (HostConfig) calls.get("withHostConfig"),
                (Map<String, String>) calls.get("withLabels"));
    }
}
