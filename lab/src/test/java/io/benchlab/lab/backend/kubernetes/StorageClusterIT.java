package io.benchlab.lab.backend.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.lab.it.kube.UsesClusters;
import io.benchlab.results.ResultJson;
import io.benchlab.results.ResultValidator;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Storage;
import io.benchlab.runner.cli.CliCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * --db-storage on real nodes: a claim bound by the cluster's provisioner (.ci/kube's
 * local-path-provisioner, its class local-path the default), an emptyDir in memory; each recorded
 * as the database's container sees it, flushes timed by the probe, and nothing left after the run.
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
