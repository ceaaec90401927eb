package io.benchlab.lab.stack;

import io.benchlab.lab.LabDefaults;
import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import com.github.dockerjava.api.model.Volume;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The local stack: InfluxDB and Grafana on a network of their own, ports on the Docker host's
 * loopback only, data in named volumes, and the boards of {@code images/grafana/} mounted
 * read-only. What {@code images/grafana/} relies on:
 * <ul>
 *   <li>{@code provisioning/} is Grafana's provisioning folder ({@value #PROVISIONING}):
 *       {@code datasources/*.yaml} and {@code dashboards/*.yaml};</li>
 *   <li>{@code dashboards/*.json} are at {@value #DASHBOARDS}, the path the dashboards provider names;</li>
 *   <li>the datasource reaches InfluxDB at {@code http://influxdb:8086}, org and bucket {@code benchlab},
 *       with {@code token: $__file{/run/influx-token}} ({@value #TOKEN_FILE}).</li>
 * </ul>
 */
public final class StackSpec {

    static final String NAME = "benchlab-stack";
    static final String LABEL = "io.benchlab.stack";
    static final String ORG = "benchlab";
    static final String BUCKET = "benchlab";

    /** Where both containers find the InfluxDB token: /run is in both images (Docker copies only into folders that exist). */
    public static final String TOKEN_FILE = "/run/influx-token";
    static final String PASSWORD_FILE = "/run/admin-password";
    static final String PROVISIONING = "/etc/grafana/provisioning";
    public static final String DASHBOARDS = "/var/lib/grafana/dashboards";

    static final String INFLUXDB_DATA = NAME + "-influxdb-data";
    static final String INFLUXDB_CONFIG = NAME + "-influxdb-config";
    static final String GRAFANA_DATA = NAME + "-grafana-data";

    private final String influxdbImage;
    private final String grafanaImage;
    private final Path boards;
    private final int influxdbPort;
    private final int grafanaPort;

    /**
     * {@code boards}: the folder holding {@code provisioning/} and {@code dashboards/}; the ports:
     * where InfluxDB and Grafana are published on the host's loopback.
     */
    StackSpec(String influxdbImage, String grafanaImage, Path boards, int influxdbPort, int grafanaPort) {
        this.influxdbImage = influxdbImage;
        this.grafanaImage = grafanaImage;
        this.boards = boards.toAbsolutePath().normalize();
        this.influxdbPort = influxdbPort;
        this.grafanaPort = grafanaPort;
    }

    StackSpec(String influxdbImage, String grafanaImage, Path boards) {
        this(influxdbImage, grafanaImage, boards, LabDefaults.STACK_INFLUXDB_PORT, LabDefaults.STACK_GRAFANA_PORT);
    }

    /** The official image's set-up on first start (DOCKER_INFLUXDB_INIT_*), the token and password from files. */
    ContainerSpec influxdb() {
        return new ContainerSpec(NAME + "-influxdb", "influxdb", influxdbImage, Map.of(
                "DOCKER_INFLUXDB_INIT_MODE", "setup",
                "DOCKER_INFLUXDB_INIT_USERNAME", "admin",
                "DOCKER_INFLUXDB_INIT_PASSWORD_FILE", PASSWORD_FILE,
                "DOCKER_INFLUXDB_INIT_ADMIN_TOKEN_FILE", TOKEN_FILE,
                "DOCKER_INFLUXDB_INIT_ORG", ORG,
                "DOCKER_INFLUXDB_INIT_BUCKET", BUCKET,
                "INFLUXD_REPORTING_DISABLED", "true"),
                List.of(), LabDefaults.STACK_INFLUXDB_PORT, influxdbPort,
                host(LabDefaults.STACK_INFLUXDB_PORT, influxdbPort, new Bind(INFLUXDB_DATA, new Volume("/var/lib/influxdb2")),
                        new Bind(INFLUXDB_CONFIG, new Volume("/etc/influxdb2"))),
                Map.of(TOKEN_FILE, StackSecrets.TOKEN, PASSWORD_FILE, StackSecrets.INFLUXDB_PASSWORD));
    }

    /** Anonymous visitors may view (the port is on loopback); nothing is sent to grafana.com. */
    ContainerSpec grafana() {
        return new ContainerSpec(NAME + "-grafana", "grafana", grafanaImage, Map.of(
                "GF_SECURITY_ADMIN_PASSWORD__FILE", PASSWORD_FILE,
                "GF_AUTH_ANONYMOUS_ENABLED", "true",
                "GF_AUTH_ANONYMOUS_ORG_ROLE", "Viewer",
                "GF_ANALYTICS_REPORTING_ENABLED", "false",
                "GF_ANALYTICS_CHECK_FOR_UPDATES", "false",
                "GF_ANALYTICS_CHECK_FOR_PLUGIN_UPDATES", "false"),
                List.of(), LabDefaults.STACK_GRAFANA_PORT, grafanaPort,
                host(LabDefaults.STACK_GRAFANA_PORT, grafanaPort, new Bind(GRAFANA_DATA, new Volume("/var/lib/grafana")),
                        new Bind(boards.resolve("provisioning").toString(), new Volume(PROVISIONING), AccessMode.ro),
                        new Bind(boards.resolve("dashboards").toString(), new Volume(DASHBOARDS), AccessMode.ro)),
                Map.of(TOKEN_FILE, StackSecrets.TOKEN, PASSWORD_FILE, StackSecrets.GRAFANA_PASSWORD));
    }

    List<ContainerSpec> containers() {
        return List.of(influxdb(), grafana());
    }

    List<String> volumes() {
        return List.of(INFLUXDB_DATA, INFLUXDB_CONFIG, GRAFANA_DATA);
    }

    Path boards() {
        return boards;
    }

    int influxdbPort() {
        return influxdbPort;
    }

    int grafanaPort() {
        return grafanaPort;
    }

    private static HostConfig host(int port, int hostPort, Bind... binds) {
        return HostConfig.newHostConfig().withNetworkMode(NAME).withBinds(binds)
                .withPortBindings(new PortBinding(Ports.Binding.bindIpAndPort("127.0.0.1", hostPort), ExposedPort.tcp(port)));
    }
}
