package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.it.kube.Kubectl;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.runner.core.EnvironmentProbe;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.PersistentVolume;
import io.fabric8.kubernetes.api.model.PersistentVolumeBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * lab nightly as the cluster runs it: k8s/ and k8s/nightly applied as a user would, a night
 * started from the CronJob (kubectl create job --from), the lab in its own pod under the
 * benchlab-lab ServiceAccount alone, reaching each cell's database through its Service; the
 * night's verdicts in the job's log and its reports on the results volume; no run object left.
 */
class NightlyClusterIT {

    private static final Path REPO = Path.of(System.getProperty("user.dir")).getParent();
    private static final String NS = "benchlab";
    private static final String PV = "benchlab-nightly-it";

    /** Two short cells on the smallest limits the nodes take: a server engine and its canary. */
    private static final String PLAN = """
            version: 1
            options: {backend: kubernetes, scale: 2, duration: 2s, warmup: 1s, rounds: 5, db-cpus: 0.5,
                      db-memory: 512m, runner-cpus: 0.5, runner-memory: 512m}
            cells:
              - engines: [hsqldb-server]
                clients: [2]
            canary: {engine: hsqldb-server, clients: 1}
            """;

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @Test
    void aNightStartedFromTheCronJobRunsThePlanUnderTheLabsServiceAccountAndLeavesNothing() throws Exception {
        // The node is this machine: the results volume is a folder here the lab's user may write.
        Path results = Files.createTempDirectory(Path.of("/tmp"), "benchlab-nightly-it-");
        Files.setPosixFilePermissions(results, PosixFilePermissions.fromString("rwxrwxrwx"));
        try {
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", REPO.resolve("k8s").toString());
            cluster.client.persistentVolumes().resource(volume(results)).create();
            Kubectl.ok(cluster.kubeconfig, "apply", "-k", REPO.resolve("k8s/nightly").toString());
            ConfigMap plan = cluster.client.configMaps().inNamespace(NS).list().getItems().stream()
                    .filter(c -> c.getMetadata().getName().startsWith("benchlab-nightly-plan")).findFirst().orElseThrow();
            cluster.client.configMaps().inNamespace(NS).withName(plan.getMetadata().getName())
                    .edit(c -> {
                        c.setData(Map.of("plan.yaml", PLAN));
                        return c;
                    });

            Kubectl.ok(cluster.kubeconfig, "create", "job", "--from=cronjob/benchlab-nightly", "night-1", "-n", NS);
            Job job = cluster.client.batch().v1().jobs().inNamespace(NS).withName("night-1").waitUntilCondition(
                    j -> j != null && j.getStatus() != null && (count(j.getStatus().getSucceeded()) > 0
                            || count(j.getStatus().getFailed()) > 0), 6, TimeUnit.MINUTES);
            String log = Kubectl.run(cluster.kubeconfig, "logs", "job/night-1", "-n", NS).out();
            assertThat(count(job.getStatus().getSucceeded())).as(log).isEqualTo(1);
            assertThat(log).contains("hsqldb-server-durable-c2", "canary-hsqldb-server-durable-c1", "first night",
                    "nightly: 2 cells, pass");
            try (Stream<Path> nights = Files.list(results.resolve("nightly"))) {
                Path night = nights.findFirst().orElseThrow();
                assertThat(night.resolve("report.md")).content().contains("| hsqldb-server-durable-c2 | first night |");
                assertThat(night.resolve("hsqldb-server-durable-c2.json")).isRegularFile();
            }
            assertThat(new ClusterObjects(cluster.client, NS, null).remaining()).as("run objects left").isEmpty();
        } finally {
            Kubectl.run(cluster.kubeconfig, "delete", "job", "night-1", "-n", NS, "--ignore-not-found", "--wait=true");
            Kubectl.run(cluster.kubeconfig, "delete", "-k", REPO.resolve("k8s/nightly").toString(), "--wait=true");
            cluster.client.persistentVolumes().withName(PV).delete();
            Kubectl.run(cluster.kubeconfig, "delete", "-k", REPO.resolve("k8s").toString(), "--wait=false");
            deleteAll(results);
        }
    }

    @Test
    void thePlanOfTheCronJobIsValid() {
        assertThat(NightlyPlan.read(REPO.resolve("k8s/nightly/plan.yaml")).cells()).isNotEmpty();
        assertThat(Kubectl.ok(null, "kustomize", REPO.resolve("k8s/nightly").toString()))
                .contains("concurrencyPolicy: Forbid", "serviceAccountName: benchlab-lab",
                        "image: benchlab/lab:" + EnvironmentProbe.labVersion());
    }

    /** The claim's volume, bound to it, on the client node (this machine's folder). */
    private static PersistentVolume volume(Path dir) {
        return new PersistentVolumeBuilder().withNewMetadata().withName(PV).endMetadata().withNewSpec()
                .withCapacity(Map.of("storage", new Quantity("1Gi"))).withAccessModes("ReadWriteOnce")
                .withNewHostPath().withPath(dir.toString()).withType("Directory").endHostPath()
                .withNewClaimRef().withNamespace(NS).withName("benchlab-nightly-results").endClaimRef()
                .withPersistentVolumeReclaimPolicy("Retain")
                .withNewNodeAffinity().withNewRequired().addNewNodeSelectorTerm().addNewMatchExpression()
                .withKey("benchlab.io/role").withOperator("In").withValues("client").endMatchExpression()
                .endNodeSelectorTerm().endRequired().endNodeAffinity()
                .endSpec().build();
    }

    private static int count(Integer n) {
        return n == null ? 0 : n;
    }

    private static void deleteAll(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(f);
            }
        }
    }
}
