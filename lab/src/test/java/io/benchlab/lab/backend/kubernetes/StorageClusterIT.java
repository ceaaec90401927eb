package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.backend.kubernetes.model.Labels;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.it.kube.UsesClusters;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Storage;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.cli.RunnerProcess;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.storage.StorageClassBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --db-storage on real nodes: a claim bound by the cluster's provisioner (.ci/kube's
 * local-path-provisioner, its class local-path the default), an emptyDir in memory; each recorded
 * as the database's container sees it, flushes timed by the probe, and nothing left after the run;
 * nor after a lab killed with -9 once its claim bound, then {@code lab clean}; a claim that never
 * binds fails the run with its events.
 */
@UsesClusters
class StorageClusterIT {

    @RegisterExtension
    final TestCluster cluster = TestCluster.twoNodes();

    @ParameterizedTest
    @CsvSource({"pvc, 10737418240", "pvc:local-path:1Gi, 1073741824"})
    void aClaimBindsThroughTheProvisionerIsRecordedAndGoesWithTheRun(String storage, long size, @TempDir Path dir)
            throws Exception {
        Storage s = run(dir, storage).placement().database().storage();
        assertThat(s.kind()).isEqualTo("pvc");
        assertThat(s.storageClass()).as("the default class, or the one named").isEqualTo("local-path");
        assertThat(s.provisioner()).isEqualTo("rancher.io/local-path");
        assertThat(s.requestedBytes()).isEqualTo(size);
        assertThat(s.dataDir()).isEqualTo("/var/lib/postgresql/data");
        assertThat(s.filesystem()).as("a folder of the node's disk, not a tmpfs").isNotNull().isNotEqualTo("tmpfs")
                .isNotEqualTo("overlay");
        assertThat(s.sizeBytes()).isPositive();
        assertThat(s.flush()).as(s.note()).isNotNull();
        assertThat(s.flush().writes()).isPositive();
        assertThat(cluster.client.persistentVolumeClaims().inNamespace(TestCluster.NAMESPACE).list().getItems())
                .as("the claim went with the run").isEmpty();
        // reclaim Delete: the provisioner's helper pod removes the volume's folder, then the volume.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!volumesOfTheNamespace().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertThat(volumesOfTheNamespace()).as("its volume, deleted by the provisioner").isEmpty();
    }

    @Test
    void memoryIsATmpfsTheSizeOfTheMemoryLimit(@TempDir Path dir) throws Exception {
        Storage s = run(dir, "memory").placement().database().storage();
        assertThat(s.kind()).isEqualTo("memory");
        assertThat(s.requestedBytes()).isEqualTo(1L << 30);
        assertThat(s.filesystem()).isEqualTo("tmpfs");
        assertThat(s.storageClass()).isNull();
        assertThat(s.flush()).as(s.note()).isNotNull();
        assertThat(s.note()).contains("memory");
    }

    @Test
    void aStorageClassThatDoesNotExistIsOneLineAndNothingIsMade(@TempDir Path dir) {
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, cluster.args("--engine", "postgres",
                "--db-storage", "pvc:no-such-class", "-o", dir.resolve("r.json").toString()).toArray(String[]::new));
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as(o.toString()).singleElement().asString()
                .contains("--db-storage pvc:no-such-class: the cluster has no StorageClass no-such-class");
        assertThat(dir.resolve("r.json")).doesNotExist();
    }

    @Test
    void aLabKilledWithMinusNineOnceItsClaimBoundLeavesNothingAfterLabClean(@TempDir Path dir) throws Exception {
        PersistentVolumeClaim claim;
        try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir, Map.of(), small(dir, "pvc:1Gi"))) {
            claim = awaitBoundClaim(lab, 90);
            lab.signalAndWait("KILL", 10);
            assertThat(lab.exitCode()).as("killed, not ended: 128 + 9").isEqualTo(137);
        }
        String runId = claim.getMetadata().getLabels().get(Labels.RUN_ID);
        String name = claim.getMetadata().getName();
        assertThat(ofTheRun(runId)).as("a lab killed with -9 removes nothing itself").contains("claim " + name);

        CliCapture.Outcome clean = CliCapture.run(LabMain::commandLine, "clean", "--kubeconfig",
                cluster.kubeconfig.toString(), "--namespace", TestCluster.NAMESPACE);
        assertThat(clean.exitCode()).as(clean.toString()).isZero();
        assertThat(clean.out()).as(clean.toString()).contains("persistentvolumeclaim " + name);
        assertThat(ofTheRun(runId)).as("what lab clean left of run " + runId).isEmpty();
        awaitVolumeGone(claim.getSpec().getVolumeName());
    }

    @Test
    void aClaimThatNeverBindsFailsTheRunWithItsEventsAndLeavesNothing(@TempDir Path dir) throws Exception {
        // Immediate: the claim is for the provisioner to make at once, and nobody serves this one.
        String storageClass = "benchlab-it-unserved";
        cluster.client.storage().v1().storageClasses().resource(new StorageClassBuilder().withNewMetadata()
                .withName(storageClass).endMetadata().withProvisioner("benchlab.test/none")
                .withVolumeBindingMode("Immediate").build()).createOr(io.fabric8.kubernetes.client.dsl.NonDeletingOperation::update);
        try {
            Path result = dir.resolve("r.json");
            // 5 s, not 90: the kube-controller-manager says ExternalProvisioning within a second of the claim.
            try (RunnerProcess lab = RunnerProcess.start(LabMain.class, dir,
                    Map.of(KubernetesBackend.CLAIM_BIND_TIMEOUT_ENV, "5"), small(dir, "pvc:" + storageClass))) {
                assertThat(lab.waitFor(60)).as(lab.err()).isEqualTo(1);
                assertThat(lab.err()).contains("did not bind within 5 s");
            }
            RunResult r = ResultJson.read(result);
            assertThat(r.status()).isEqualTo(Status.FAILED);
            assertThat(r.cause()).as("the claim, and what its events say").matches("the database's claim \\S+ did not"
                    + " bind within 5 s: .*ExternalProvisioning: .*'benchlab\\.test/none'.*");
            Storage s = r.placement().database().storage();
            assertThat(s.storageClass()).isEqualTo(storageClass);
            assertThat(s.provisioner()).isEqualTo("benchlab.test/none");
            assertThat(ofTheRun(r.runId())).as("what the failed run left").isEmpty();
        } finally {
            cluster.client.storage().v1().storageClasses().withName(storageClass).delete();
        }
    }

    /** A short run of PostgreSQL, one client, its data on STORAGE, as the arguments of lab. */
    private String[] small(Path dir, String storage) {
        return cluster.args("--engine", "postgres", "--clients", "1", "--duration", "3s", "--warmup", "1s",
                "--db-cpus", "1", "--db-memory", "1g", "--db-storage", storage, "-o", dir.resolve("r.json").toString())
                .toArray(String[]::new);
    }

    /** The run's claim once it is Bound, found by its label: the lab must still be running. */
    private PersistentVolumeClaim awaitBoundClaim(RunnerProcess lab, int seconds) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            var bound = cluster.client.persistentVolumeClaims().inNamespace(TestCluster.NAMESPACE).withLabel(Labels.RUN_ID)
                    .list().getItems().stream().filter(c -> c.getStatus() != null && "Bound".equals(c.getStatus().getPhase()))
                    .findFirst();
            if (bound.isPresent()) {
                return bound.get();
            }
            assertThat(lab.alive()).as("the lab still running before its claim bound; stderr: %s", lab.err()).isTrue();
            assertThat(System.nanoTime() - deadline).as("a bound claim within %d s; stderr: %s", seconds, lab.err())
                    .isNegative();
            Thread.sleep(250);
        }
    }

    /** What the API server holds of the run, asked kind by kind rather than through the lab's own listing. */
    private List<String> ofTheRun(String runId) {
        var c = cluster.client;
        String ns = TestCluster.NAMESPACE;
        List<String> left = new ArrayList<>();
        named(left, "claim", c.persistentVolumeClaims().inNamespace(ns).withLabel(Labels.RUN_ID, runId).list().getItems());
        named(left, "pod", c.pods().inNamespace(ns).withLabel(Labels.RUN_ID, runId).list().getItems());
        named(left, "job", c.batch().v1().jobs().inNamespace(ns).withLabel(Labels.RUN_ID, runId).list().getItems());
        named(left, "service", c.services().inNamespace(ns).withLabel(Labels.RUN_ID, runId).list().getItems());
        named(left, "secret", c.secrets().inNamespace(ns).withLabel(Labels.RUN_ID, runId).list().getItems());
        return left;
    }

    private static void named(List<String> into, String kind, List<? extends HasMetadata> objects) {
        objects.forEach(o -> into.add(kind + " " + o.getMetadata().getName()));
    }

    /** Reclaim Delete: the provisioner removes the claim's volume once the claim is gone. */
    private void awaitVolumeGone(String volume) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (cluster.client.persistentVolumes().withName(volume).get() != null && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        assertThat(cluster.client.persistentVolumes().withName(volume).get()).as("volume " + volume).isNull();
    }

    private List<String> volumesOfTheNamespace() {
        return cluster.client.persistentVolumes().list().getItems().stream()
                .filter(v -> v.getSpec().getClaimRef() != null
                        && TestCluster.NAMESPACE.equals(v.getSpec().getClaimRef().getNamespace()))
                .map(v -> v.getMetadata().getName()).toList();
    }

    /** PostgreSQL durable, one client, a short run with --db-storage STORAGE: its result, which must be OK. */
    private RunResult run(Path dir, String storage) throws Exception {
        Path result = dir.resolve("r.json");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, cluster.args("--engine", "postgres",
                "--profile", "durable", "--clients", "1", "--duration", "3s", "--warmup", "1s", "--db-cpus", "1",
                "--db-memory", "1g", "--db-storage", storage, "-o", result.toString()).toArray(String[]::new));
        assertThat(o.exitCode()).as(o.toString()).isZero();
        assertThat(o.err()).contains("storage " + storage.split(":")[0] + ": ");
        assertThat(ResultValidator.validate(Files.readString(result))).isEmpty();
        RunResult r = ResultJson.read(result);
        assertThat(r.status()).isEqualTo(Status.OK);
        return r;
    }
}
