package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.it.kube.Clusters;
import io.benchlab.lab.it.kube.Kubectl;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The cluster of a test: its client and a namespace of the tests' own; on kwok, fake nodes made
 * per test. After each test, no object of any run is left in the namespace and the nodes are gone.
 */
final class TestCluster implements BeforeEachCallback, AfterEachCallback {

    static final String NAMESPACE = "benchlab-it";
    private static final Path K8S = Path.of(System.getProperty("user.dir")).getParent().resolve("k8s");

    private final Supplier<Path> find;
    private final boolean fakeNodes;
    Path kubeconfig;
    KubernetesClient client;
    FakeNodes nodes;

    private TestCluster(Supplier<Path> find, boolean fakeNodes) {
        this.find = find;
        this.fakeNodes = fakeNodes;
    }

    static TestCluster kwok() {
        return new TestCluster(Clusters::kwokKubeconfig, true);
    }

    static TestCluster twoNodes() {
        return new TestCluster(Clusters::nodesKubeconfig, false);
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        kubeconfig = find.get();
        client = KubeConnection.connect(kubeconfig);
        if (client.namespaces().withName(NAMESPACE).get() == null) {
            client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(NAMESPACE).endMetadata().build())
                    .create();
        }
        nodes = fakeNodes ? new FakeNodes(client) : null;
        if (!fakeNodes) {
            theRunnersAccount();
        }
    }

    /**
     * The runner's ServiceAccount in the ITs' namespace, bound to k8s/rbac's ClusterRole (get
     * nodes/stats), as .ci/kube makes it; made again here because a test that removes the k8s/
     * bases ({@link #removeTheLabsServiceAccount}) takes the ClusterRole with them.
     */
    private void theRunnersAccount() {
        Kubectl.ok(kubeconfig, "apply", "-f", K8S.resolve("rbac/runner-clusterrole.yaml").toString());
        client.serviceAccounts().inNamespace(NAMESPACE).resource(new io.fabric8.kubernetes.api.model.ServiceAccountBuilder()
                .withNewMetadata().withName(Labels.RUNNER_ACCOUNT).endMetadata().build())
                .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        client.rbac().clusterRoleBindings().resource(new io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder()
                .withNewMetadata().withName("benchlab-runner-node-stats-" + NAMESPACE).endMetadata()
                .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", "benchlab-runner-node-stats")
                .addNewSubject().withKind("ServiceAccount").withName(Labels.RUNNER_ACCOUNT).withNamespace(NAMESPACE)
                .endSubject().build())
                .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (client == null) {
            return;
        }
        try {
            assertThat(leftovers()).as("objects of any run left in " + NAMESPACE).isEmpty();
        } finally {
            new ClusterObjects(client, NAMESPACE, null).deleteAll(new io.benchlab.lab.backend.Progress(
                    new java.io.PrintWriter(System.err, true), true));
            if (nodes != null) {
                nodes.close();
            }
            client.close();
        }
    }

    /**
     * Applies the k8s/ bases (namespace benchlab, the lab's ServiceAccount and RBAC) and returns a
     * kubeconfig that acts as that ServiceAccount, with a bound token, on this cluster's server.
     */
    Path asTheLabsServiceAccount(Path dir) throws IOException {
        Kubectl.ok(kubeconfig, "apply", "-k", K8S.toString());
        String token = client.serviceAccounts().inNamespace("benchlab").withName("benchlab-lab")
                .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build())
                .getStatus().getToken();
        String admin = Files.readString(kubeconfig);
        String server = admin.substring(admin.indexOf("clusters:"), admin.indexOf("users:"));
        String name = server.replaceAll("(?s).*- name: (\\S+).*", "$1");
        Path file = dir.resolve("lab.kubeconfig");
        Files.writeString(file, "apiVersion: v1\nkind: Config\n" + server + "users:\n- name: lab\n  user: {token: " + token
                + "}\ncontexts:\n- name: lab\n  context: {cluster: " + name + ", user: lab}\ncurrent-context: lab\n");
        return file;
    }

    /** Undoes {@link #asTheLabsServiceAccount}. */
    void removeTheLabsServiceAccount() {
        Kubectl.run(kubeconfig, "delete", "-k", K8S.toString(), "--wait=false");
    }

    List<String> leftovers() {
        return new ClusterObjects(client, NAMESPACE, null).remaining();
    }

    List<String> args(String... more) {
        List<String> a = new java.util.ArrayList<>(List.of("run", "--backend", "kubernetes", "--kubeconfig",
                kubeconfig.toString(), "--namespace", NAMESPACE));
        a.addAll(List.of(more));
        return a;
    }

    /** Secret NAME in the tests' namespace, as kubectl create secret docker-registry makes it, for the registry's user. */
    String pullSecret(Clusters.Registry registry, String name, String password) {
        String auth = java.util.Base64.getEncoder().encodeToString((registry.user() + ":" + password)
                .getBytes(java.nio.charset.StandardCharsets.UTF_8));
        String json = "{\"auths\":{\"" + registry.host() + "\":{\"username\":\"" + registry.user()
                + "\",\"password\":\"" + password + "\",\"auth\":\"" + auth + "\"}}}";
        client.secrets().inNamespace(TestCluster.NAMESPACE).resource(new io.fabric8.kubernetes.api.model.SecretBuilder()
                .withNewMetadata().withName(name).endMetadata().withType("kubernetes.io/dockerconfigjson")
                .withStringData(Map.of(".dockerconfigjson", json)).build())
                .createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        return name;
    }
}
