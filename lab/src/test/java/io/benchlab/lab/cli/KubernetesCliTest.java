package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.CliCapture;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab run --backend kubernetes and lab clean without a cluster: the dry run, and every way of not reaching one. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class KubernetesCliTest {

    @TempDir
    Path dir;

    Path result() {
        return dir.resolve("result.json");
    }

    CliCapture.Outcome run(String... args) {
        List<String> all = new ArrayList<>(List.of("run", "--duration", "1s", "--warmup", "0s", "-o", result().toString()));
        all.addAll(Arrays.asList(args));
        return LabCliTest.lab(all.toArray(String[]::new));
    }

    /** Exit 2, one line on stderr that contains {@code expected}, no stack trace, nothing written. */
    void assertBadInput(CliCapture.Outcome o, String... expected) throws IOException {
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString().startsWith("lab: ")
                .contains(expected).doesNotContain("\tat ").doesNotContain("Caused by");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("nothing written").isEmpty();
        }
    }

    @Test
    void engineVersionPicksThePinnedImageOfThatVersion() {
        CliCapture.Outcome second = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run",
                "--engine-version", "16.10", "--profile", "relaxed");
        assertThat(second.exitCode()).as("%s", second).isZero();
        assertThat(second.out()).contains("image: \"benchlab/postgres:16.10-relaxed\"").doesNotContain("postgres:17.6");
        CliCapture.Outcome first = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run");
        assertThat(first.out()).as("the default: the descriptor's first").contains("image: \"benchlab/postgres:17.6-durable\"");
    }

    @Test
    void dryRunPrintsTheRunsObjectsAndAsksNoCluster() throws IOException {
        Path nowhere = dir.resolve("no-such-kubeconfig");
        CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run",
                "--kubeconfig", nowhere.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.allErr()).isEmpty();
        List<HasMetadata> objects = Arrays.stream(o.out().split("(?m)^---$")).filter(doc -> doc.contains("kind:"))
                .map(doc -> (HasMetadata) Serialization.unmarshal(doc)).toList();
        assertThat(objects).extracting(HasMetadata::getKind).containsExactlyInAnyOrder("Job", "Secret", "Pod", "Service");
        assertThat(objects).allSatisfy(obj -> {
            assertThat(obj.getMetadata().getNamespace()).isEqualTo("benchlab");
            assertThat(obj.getMetadata().getLabels()).containsKey("benchlab.io/run-id");
        });
        var secret = (io.fabric8.kubernetes.api.model.Secret) objects.stream().filter(x -> x.getKind().equals("Secret"))
                .findFirst().orElseThrow();
        assertThat(secret.getData()).as("no password printed").isNullOrEmpty();
        assertThat(nowhere).doesNotExist();
        assertThat(result()).doesNotExist();
    }

    @Test
    void dryRunOfAPvcRunPrintsItsClaimAndThePodThatMountsItAfterTheProbe() {
        CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run",
                "--db-storage", "pvc:fast:1Gi");
        assertThat(o.exitCode()).as("%s", o).isZero();
        List<HasMetadata> objects = Arrays.stream(o.out().split("(?m)^---$")).filter(doc -> doc.contains("kind:"))
                .map(doc -> (HasMetadata) Serialization.unmarshal(doc)).toList();
        var claim = (io.fabric8.kubernetes.api.model.PersistentVolumeClaim) objects.stream()
                .filter(x -> x.getKind().equals("PersistentVolumeClaim")).findFirst().orElseThrow();
        assertThat(claim.getSpec().getStorageClassName()).isEqualTo("fast");
        assertThat(claim.getMetadata().getLabels()).containsKey("benchlab.io/run-id");
        var pod = (io.fabric8.kubernetes.api.model.Pod) objects.stream().filter(x -> x.getKind().equals("Pod"))
                .findFirst().orElseThrow();
        assertThat(pod.getSpec().getVolumes()).filteredOn(v -> v.getPersistentVolumeClaim() != null).singleElement()
                .satisfies(v -> assertThat(v.getPersistentVolumeClaim().getClaimName())
                        .isEqualTo(claim.getMetadata().getName()));
        assertThat(pod.getSpec().getInitContainers()).singleElement().satisfies(c -> {
            assertThat(c.getImage()).isEqualTo(pod.getSpec().getContainers().get(0).getImage());
            assertThat(c.getVolumeMounts()).singleElement().satisfies(m ->
                    assertThat(m.getMountPath()).isEqualTo("/var/lib/postgresql/data"));
        });
    }

    @Test
    void dryRunOfAMemoryRunPrintsAnEmptyDirSizedToTheMemoryLimit() {
        CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run",
                "--db-memory", "1g", "--db-storage", "memory");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("medium: \"Memory\"").contains("sizeLimit: \"1073741824\"")
                .doesNotContain("PersistentVolumeClaim");
    }

    @Test
    void clientPodsMakeAnIndexedJobWhosePodsKeepToNodesOfTheirOwn() throws IOException {
        CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--clients", "5",
                "--client-pods", "2");
        assertThat(o.exitCode()).as("%s", o).isZero();
        var job = (io.fabric8.kubernetes.api.model.batch.v1.Job) Arrays.stream(o.out().split("(?m)^---$"))
                .filter(doc -> doc.contains("kind: \"Job\"")).map(Serialization::unmarshal).findFirst().orElseThrow();
        assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
        assertThat(job.getSpec().getCompletions()).isEqualTo(2);
        assertThat(job.getSpec().getParallelism()).isEqualTo(2);
        assertThat(job.getSpec().getBackoffLimitPerIndex()).as("a lost pod fails its index, not the others").isZero();
        assertThat(job.getSpec().getBackoffLimit()).as("the API server's default with a limit per index").isNull();
        var pod = job.getSpec().getTemplate().getSpec();
        assertThat(pod.getContainers().get(0).getArgs()).containsSequence("--client-pods", "2");
        var anti = pod.getAffinity().getPodAntiAffinity();
        assertThat(anti.getRequiredDuringSchedulingIgnoredDuringExecution())
                .extracting(t -> t.getLabelSelector().getMatchLabels().get("benchlab.io/component"))
                .containsExactlyInAnyOrder("database", "runner");
        assertThat(anti.getPreferredDuringSchedulingIgnoredDuringExecution()).isEmpty();

        CliCapture.Outcome shared = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--clients", "5",
                "--client-pods", "3", "--allow-shared-client-nodes");
        assertThat(shared.exitCode()).as("%s", shared).isZero();
        assertThat(shared.out()).contains("preferredDuringSchedulingIgnoredDuringExecution");
    }

    @Test
    void badClientPodsAreOneLine() throws IOException {
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--client-pods", "0"),
                "--client-pods must be at least 1, got 0");
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--clients", "2",
                "--client-pods", "3"), "--client-pods 3 is more than --clients 2");
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--client-pods", "two"),
                "--client-pods", "two");
        assertBadInput(run("--backend", "docker", "--engine", "postgres", "--client-pods", "2"),
                "--client-pods", "applies to --backend kubernetes");
        assertBadInput(run("--backend", "embedded", "--engine", "h2", "--allow-shared-client-nodes"),
                "--allow-shared-client-nodes", "applies to --backend kubernetes");
    }

    @Test
    void aMissingKubeconfigIsOneLineNamingTheFile() throws IOException {
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--kubeconfig", "/nonexistent"),
                "/nonexistent");
    }

    @Test
    void aKubeconfigOfGarbageIsOneLine() throws IOException {
        Path garbage = Files.writeString(Files.createTempFile("kubeconfig", ".yaml"), "{{{ not: [a kubeconfig\n\0\0");
        try {
            assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--kubeconfig", garbage.toString()),
                    garbage.toString());
        } finally {
            Files.delete(garbage);
        }
    }

    static final String UNREACHABLE = """
            apiVersion: v1
            kind: Config
            clusters:
            - name: away
              cluster:
                server: https://127.0.0.1:1
                insecure-skip-tls-verify: true
            users:
            - name: me
              user:
                token: t0k3n
            contexts:
            - name: away
              context:
                cluster: away
                user: me
            current-context: away
            """;

    @Test
    void anApiServerThatDoesNotAnswerIsOneLineWithinSeconds() throws IOException {
        Path config = Files.writeString(Files.createTempFile("kubeconfig", ".yaml"), UNREACHABLE);
        try {
            long t0 = System.nanoTime();
            CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--kubeconfig", config.toString());
            assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(15));
            assertBadInput(o, "does not answer", "127.0.0.1:1");
            assertThat(o.everything()).doesNotContain("t0k3n");
        } finally {
            Files.delete(config);
        }
    }

    @Test
    void aNamespaceThatIsNoNameIsRefused() throws IOException {
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--namespace", "Bad_Name"),
                "--namespace", "Bad_Name");
    }

    @Test
    void registryOnTheDockerBackendIsRefused() throws IOException {
        assertBadInput(run("--backend", "docker", "--engine", "postgres", "--registry", "reg.example:5000/team"),
                "--registry", "applies to --backend kubernetes");
    }

    @Test
    void aPullSecretOnTheDockerBackendOrOneThatIsNoNameIsRefused() throws IOException {
        assertBadInput(run("--backend", "docker", "--engine", "postgres", "--image-pull-secret", "pull"),
                "--image-pull-secret", "applies to --backend kubernetes");
        assertBadInput(run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--image-pull-secret",
                "Bad_Name"), "--image-pull-secret: 'Bad_Name' is not a Secret's name");
    }

    @Test
    void dryRunWithARegistryAndAPullSecretPrintsPodsThatPullWithItEveryTime() throws IOException {
        CliCapture.Outcome o = run("--backend", "kubernetes", "--engine", "postgres", "--dry-run", "--registry",
                "reg.example:5000/team", "--image-pull-secret", "pull");
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.out()).contains("image: \"reg.example:5000/team/benchlab/postgres:",
                "image: \"reg.example:5000/team/benchlab/runner:", "imagePullPolicy: \"Always\"")
                .doesNotContain("IfNotPresent");
        assertThat(o.out().split("imagePullSecrets:\n *- name: \"pull\"\n", -1)).as("the database pod and the runner's")
                .hasSize(3);
    }

    @Test
    void dryRunOnTheEmbeddedBackendIsRefused() throws IOException {
        assertBadInput(run("--backend", "embedded", "--engine", "h2", "--dry-run"), "--dry-run");
    }

    @Test
    void kubeconfigOnTheEmbeddedBackendIsRefused() throws IOException {
        assertBadInput(run("--backend", "embedded", "--engine", "h2", "--kubeconfig", "/nonexistent"), "--kubeconfig");
    }

    @Test
    void cleanWithAMissingKubeconfigIsOneLine() throws IOException {
        CliCapture.Outcome o = LabCliTest.lab("clean", "--kubeconfig", "/nonexistent");
        assertBadInput(o, "/nonexistent");
        assertThat(o.allOut()).isEmpty();
    }
}
