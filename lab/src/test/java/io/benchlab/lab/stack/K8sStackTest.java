package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.benchlab.lab.it.kube.Kubectl;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * k8s/stack as kustomize renders it: the images pinned as lab stack pins them, every file of
 * images/grafana in a generated ConfigMap unchanged, mounted where those files say they are (as
 * lab stack mounts them), and the Services and labels the issue and the README name.
 */
class K8sStackTest {

    private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
    private static final Path GRAFANA = REPO.resolve("images/grafana");
    private static List<JsonNode> objects;

    @BeforeAll
    static void render() throws IOException {
        Kubectl.require();
        String yaml = Kubectl.ok(null, "kustomize", REPO.resolve("k8s/stack").toString());
        objects = new ArrayList<>();
        try (MappingIterator<JsonNode> docs = new YAMLMapper().readerFor(JsonNode.class).readValues(yaml)) {
            docs.forEachRemaining(objects::add);
        }
    }

    @Test
    void theImagesAreTheOnesLabStackPins() {
        assertThat(container("StatefulSet", "influxdb").path("image").asText()).isEqualTo(StackImages.influxdb());
        assertThat(container("Deployment", "grafana").path("image").asText()).isEqualTo(StackImages.grafana());
    }

    @Test
    void everyBoardAndProvisioningFileIsInAConfigMapUnchanged() throws IOException {
        Map<String, String> files = new HashMap<>();
        try (Stream<Path> all = Files.walk(GRAFANA)) {
            for (Path f : all.filter(f -> f.toString().endsWith(".json") || f.getParent().getFileName().toString()
                    .matches("datasources|dashboards") && f.toString().endsWith(".yaml")).toList()) {
                files.put(f.getFileName().toString(), Files.readString(f));
            }
        }
        Map<String, String> mapped = new HashMap<>();
        for (JsonNode c : of("ConfigMap")) {
            c.path("data").fields().forEachRemaining(e -> mapped.put(e.getKey(), e.getValue().asText()));
        }
        assertThat(files).hasSize(6);
        assertThat(mapped).isEqualTo(files);
    }

    @Test
    void grafanaFindsTheFilesAndTheTokenWhereImagesGrafanaSaysTheyAre() {
        JsonNode deployment = object("Deployment", "grafana");
        Map<String, String> mounts = new HashMap<>();
        container("Deployment", "grafana").path("volumeMounts").forEach(m -> mounts.put(m.path("mountPath").asText(),
                source(deployment, m.path("name").asText())));
        assertThat(mounts).containsEntry(StackSpec.PROVISIONING + "/datasources", "configMap benchlab-grafana-datasources")
                .containsEntry(StackSpec.PROVISIONING + "/dashboards", "configMap benchlab-grafana-providers")
                .containsEntry(StackSpec.DASHBOARDS, "configMap benchlab-grafana-boards")
                .containsEntry(StackSpec.TOKEN_FILE, "secret benchlab-influx");
    }

    @Test
    void bothAreClusterIpServicesOverPodsLabelledByName() {
        for (String name : List.of("influxdb", "grafana")) {
            JsonNode service = object("Service", name);
            assertThat(service.path("spec").path("type").asText()).isEqualTo("ClusterIP");
            assertThat(service.path("spec").path("selector").path("app.kubernetes.io/name").asText()).isEqualTo(name);
            assertThat(objects.stream().filter(o -> o.path("kind").asText().matches("StatefulSet|Deployment"))
                    .filter(o -> name.equals(o.path("metadata").path("name").asText())).findFirst().orElseThrow()
                    .path("spec").path("template").path("metadata").path("labels").path("app.kubernetes.io/name").asText())
                    .isEqualTo(name);
        }
        assertThat(object("Service", "influxdb").path("spec").path("ports").get(0).path("port").asInt()).isEqualTo(8086);
    }

    @Test
    void influxDbIsSetUpFromTheSecretAndKeepsItsDataOnAClaim() {
        JsonNode influx = container("StatefulSet", "influxdb");
        Map<String, String> env = new HashMap<>();
        influx.path("env").forEach(e -> env.put(e.path("name").asText(), e.path("value").asText()));
        assertThat(env).containsEntry("DOCKER_INFLUXDB_INIT_MODE", "setup")
                .containsEntry("DOCKER_INFLUXDB_INIT_ORG", StackSpec.ORG).containsEntry("DOCKER_INFLUXDB_INIT_BUCKET", StackSpec.BUCKET)
                .containsKeys("DOCKER_INFLUXDB_INIT_ADMIN_TOKEN_FILE", "DOCKER_INFLUXDB_INIT_PASSWORD_FILE");
        assertThat(object("StatefulSet", "influxdb").path("spec").path("volumeClaimTemplates").get(0).path("metadata")
                .path("name").asText()).isEqualTo("data");
    }

    private static String source(JsonNode owner, String volume) {
        for (JsonNode v : owner.path("spec").path("template").path("spec").path("volumes")) {
            if (volume.equals(v.path("name").asText())) {
                return v.has("configMap") ? "configMap " + v.path("configMap").path("name").asText().replaceAll("-[a-z0-9]{10}$", "")
                        : v.has("secret") ? "secret " + v.path("secret").path("secretName").asText() : "other";
            }
        }
        return "none";
    }

    private static JsonNode container(String kind, String name) {
        return object(kind, name).path("spec").path("template").path("spec").path("containers").get(0);
    }

    private static JsonNode object(String kind, String name) {
        return of(kind).stream().filter(o -> name.equals(o.path("metadata").path("name").asText())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name + " in k8s/stack"));
    }

    private static List<JsonNode> of(String kind) {
        return objects.stream().filter(o -> kind.equals(o.path("kind").asText())).toList();
    }
}
