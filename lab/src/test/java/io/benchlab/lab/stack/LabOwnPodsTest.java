package io.benchlab.lab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.benchlab.lab.it.kube.Kubectl;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The lab's own pods (k8s/stack's InfluxDB and Grafana, k8s/nightly's lab) never take a dedicated
 * node: each requires a node without benchlab.io/role and tolerates no benchlab.io/dedicated taint,
 * so that on a cluster of db and client nodes only it stays Pending rather than take a client's CPU.
 */
class LabOwnPodsTest {

    private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();

    @ParameterizedTest
    @ValueSource(strings = {"k8s/stack", "k8s/nightly"})
    void everyPodTemplateRequiresANodeWithoutARoleAndToleratesNoDedicatedTaint(String base) throws IOException {
        Kubectl.require();
        List<JsonNode> templates = new ArrayList<>();
        try (MappingIterator<JsonNode> docs = new YAMLMapper().readerFor(JsonNode.class)
                .readValues(Kubectl.ok(null, "kustomize", REPO.resolve(base).toString()))) {
            docs.forEachRemaining(o -> {
                JsonNode spec = o.path("kind").asText().equals("CronJob") ? o.path("spec").path("jobTemplate").path("spec")
                        : o.path("spec");
                if (spec.path("template").path("spec").isObject()) {
                    templates.add(spec.path("template").path("spec"));
                }
            });
        }
        assertThat(templates).as(base + "'s pod templates").hasSize(base.equals("k8s/stack") ? 2 : 1);
        for (JsonNode pod : templates) {
            JsonNode terms = pod.path("affinity").path("nodeAffinity")
                    .path("requiredDuringSchedulingIgnoredDuringExecution").path("nodeSelectorTerms");
            assertThat(terms.size()).as("one required term").isEqualTo(1);
            assertThat(terms.get(0).path("matchExpressions").toString())
                    .isEqualTo("[{\"key\":\"benchlab.io/role\",\"operator\":\"DoesNotExist\"}]");
            assertThat(pod.path("tolerations").toString()).doesNotContain("benchlab.io/dedicated");
            assertThat(pod.path("nodeSelector").toString()).doesNotContain("benchlab.io/role");
        }
    }
}
