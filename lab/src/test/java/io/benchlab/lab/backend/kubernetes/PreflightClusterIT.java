package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.it.kube.UsesClusters;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.benchlab.lab.it.kube.Clusters;
import java.io.IOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preflight on kwok's fake nodes, as a user meets it: the lab in a process of its own under
 * the lab's ServiceAccount (KUBECONFIG, no --kubeconfig), the shipped k8s/nightly/plan.yaml
 * unchanged. Client nodes of 2 CPUs, on which a pod of the cluster's own already asks for a
 * tenth of a CPU, cannot hold the plan's 2-CPU runner: the night fails at its first cell before
 * any runs, in one line that names the cell, each client node and the shortfall, and makes
 * nothing (no night's folder, no run object).
 */
@UsesClusters
class PreflightClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.kwok();

    /** What the lab's process printed, and its exit code. */
    record Outcome(int exitCode, String err, Duration took) {
    }

    @Test
    void theShippedPlanOnClientNodesTooSmallForItFailsAtOnceNamingTheShortfall(@TempDir Path dir) throws Exception {
        cluster.nodes.add("kwok-db-1", Labels.DB_ROLE, "4", "8Gi")
                .add("kwok-client-1", Labels.CLIENT_ROLE, "2", "4Gi").add("kwok-client-2", Labels.CLIENT_ROLE, "2", "4Gi")
                .add("kwok-general", null, "4", "8Gi");
        List<String> proxies = List.of(daemonPod("kwok-client-1"), daemonPod("kwok-client-2"));
        try {
            // An earlier test's k8s/ removed without waiting: applying it again into a namespace being deleted fails.
            cluster.client.namespaces().withName("benchlab").waitUntilCondition(n -> n == null, 2, TimeUnit.MINUTES);
            Path asLab = cluster.asTheLabsServiceAccount(dir);
            Path results = dir.resolve("nightly");
            Outcome night = lab(asLab, "nightly", "--plan", ClusterNights.REPO.resolve("k8s/nightly/plan.yaml").toString(),
                    "--results", results.toString(), "--night", "preflight");
            assertThat(night.exitCode()).as(night.err()).isEqualTo(2);
            assertThat(night.err().lines().filter(l -> !l.isBlank()).toList()).as("one line").singleElement().asString()
                    .contains("plan: cell postgres durable, 1 client: the runner's requests (2 CPUs, 2048 MiB) fit on no"
                            + " client node: kwok-client-1 has 1.9 CPUs and 3968 MiB free of 2 CPUs and 4096 MiB"
                            + " allocatable (0.1 CPUs short; taken by " + TestCluster.NAMESPACE + "/proxy-kwok-client-1)")
                    .contains("kwok-client-2 has 1.9 CPUs");
            assertThat(night.took()).as("from the lab's start to its end").isLessThan(Duration.ofSeconds(30));
            assertThat(results.resolve("preflight")).as("the night's folder").doesNotExist();
            assertThat(new ClusterObjects(cluster.client, "benchlab", null).remaining()).isEmpty();
        } finally {
            proxies.forEach(p -> cluster.client.pods().inNamespace(TestCluster.NAMESPACE).withName(p).withGracePeriod(0)
                    .delete());
            cluster.removeTheLabsServiceAccount();
        }
    }

    @Test
    void aPullSecretThatIsNotThereIsOneLineBeforeAnythingIsMade(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        Outcome run = lab(cluster.kubeconfig, cluster.args("--engine", "postgres", "--registry",
                "registry.example:5000/ci", "--image-pull-secret", "nosuch", "-o", dir.resolve("r.json").toString())
                .toArray(String[]::new));
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains("--image-pull-secret nosuch: namespace " + TestCluster.NAMESPACE
                + " has no such Secret");
        assertThat(dir.resolve("r.json")).doesNotExist();
    }

    /**
     * .ci/kube's registry (a password, TLS from a CA of its own) asked for each image before
     * anything is made, by a lab that trusts that CA ({@value RegistryTrust#CA_ENV}): a tag that
     * was never pushed, or a pull secret with a wrong password, is one line naming the image, exit 2.
     * The answers themselves first, from the same registry: a pushed image is there, and without
     * credentials nothing is known.
     */
    @Test
    void theRegistryIsAskedForEachImageBeforeAnythingIsMade(@TempDir Path dir) throws Exception {
        cluster.nodes.bothRoles();
        Clusters.Registry registry = Clusters.registry();
        String ca = registry.ca().toString();
        String password = Files.readString(registry.passwordFile()).strip();
        RegistryManifests asker = new RegistryManifests(HttpClient.newBuilder()
                .sslContext(RegistryTrust.context(registry.ca())).build());
        RegistryManifests.Login login = new RegistryManifests.Login(registry.user(), password);
        RegistryManifests.Reference runner = RegistryManifests.Reference.parse(
                io.benchlab.lab.images.EngineImages.runnerTag(registry.prefix())).orElseThrow();
        assertThat(asker.ask(runner, login).kind()).isEqualTo(RegistryManifests.Answer.Kind.THERE);
        assertThat(asker.ask(runner, null).kind()).isEqualTo(RegistryManifests.Answer.Kind.UNKNOWN);
        assertThat(asker.ask(runner, new RegistryManifests.Login(registry.user(), "wrong")).kind())
                .isEqualTo(RegistryManifests.Answer.Kind.REFUSED);
        assertThat(new RegistryManifests(HttpClient.newHttpClient()).ask(runner, login).why())
                .as("a CA the JVM does not know: nothing is known").contains("did not answer the lab");

        String good = cluster.pullSecret(registry, "benchlab-pull-preflight", password);
        String wrong = cluster.pullSecret(registry, "benchlab-pull-preflight-wrong", "not-the-password");
        try {
            Outcome absent = lab(cluster.kubeconfig, Map.of(RegistryTrust.CA_ENV, ca), cluster.args("--engine",
                    "postgres", "--registry", registry.prefix() + "/never-pushed", "--image-pull-secret", good, "-o",
                    dir.resolve("r.json").toString()).toArray(String[]::new));
            assertThat(absent.exitCode()).as(absent.err()).isEqualTo(2);
            assertThat(absent.err().lines().toList()).singleElement().asString().startsWith("lab: image "
                    + registry.prefix() + "/never-pushed/benchlab/postgres:").contains(" is not in the registry (HEAD https://"
                    + registry.host() + "/v2/", ": 404 (no such tag)): push it (make images REGISTRY=");
            Outcome refused = lab(cluster.kubeconfig, Map.of(RegistryTrust.CA_ENV, ca), cluster.args("--engine",
                    "postgres", "--registry", registry.prefix(), "--image-pull-secret", wrong, "-o",
                    dir.resolve("r.json").toString()).toArray(String[]::new));
            assertThat(refused.exitCode()).as(refused.err()).isEqualTo(2);
            assertThat(refused.err().lines().toList()).singleElement().asString().startsWith("lab: the registry "
                    + registry.host() + " refused the credentials of --image-pull-secret " + wrong + " for "
                    + registry.prefix() + "/benchlab/postgres:").contains(": 401 Unauthorized)");
            assertThat(dir.resolve("r.json")).doesNotExist();
            assertThat(cluster.leftovers()).isEmpty();
        } finally {
            for (String secret : List.of(good, wrong)) {
                cluster.client.secrets().inNamespace(TestCluster.NAMESPACE).withName(secret).delete();
            }
        }
    }

    /** A pod of the cluster's own on NODE (as kube-proxy or a CNI's DaemonSet pod is), asking for 100m and 128Mi. */
    private String daemonPod(String node) {
        String name = "proxy-" + node;
        Map<String, Quantity> asks = Map.of("cpu", new Quantity("100m"), "memory", new Quantity("128Mi"));
        cluster.client.pods().inNamespace(TestCluster.NAMESPACE).resource(new PodBuilder().withNewMetadata().withName(name)
                .endMetadata().withNewSpec().withNodeName(node).addNewToleration().withOperator("Exists").endToleration()
                .addNewContainer().withName("proxy").withImage("registry.k8s.io/kube-proxy:v1.33.0").withNewResources()
                .withRequests(asks).withLimits(asks).endResources().endContainer().endSpec().build()).create();
        return name;
    }

    /** The lab in a process of its own, with KUBECONFIG as a user's shell has it. */
    private static Outcome lab(Path kubeconfig, String... args) throws IOException, InterruptedException {
        return lab(kubeconfig, Map.of(), args);
    }

    /** As {@link #lab(Path, String...)}, with ENV over the test's own. */
    private static Outcome lab(Path kubeconfig, Map<String, String> env, String... args) throws IOException,
            InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LabMain.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("KUBECONFIG", kubeconfig.toString());
        pb.environment().putAll(env);
        Instant start = Instant.now();
        Process lab = pb.start();
        String err = new String(lab.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(lab.waitFor(120, TimeUnit.SECONDS)).as(err).isTrue();
        return new Outcome(lab.exitValue(), err, Duration.between(start, Instant.now()));
    }
}
