package io.benchlab.lab.backend.kubernetes.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.images.ContainerLimits;
import io.benchlab.lab.backend.DbStorage;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Volume;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The database pod's data directory as --db-storage asks: its volume, its claim, and the probe before the database. */
class DataVolumeTest {

    static final String RUN = RunObjectsTest.RUN;
    static final String DATA = "/var/lib/postgresql/data";
    static final ContainerLimits DB = new ContainerLimits(1, 1L << 30);
    static final List<String> PROBE = List.of("sh", "-c", "probe", "sh", DATA);

    static Pod pod(DataVolume data) {
        return RunObjects.databasePod(RUN, "benchlab", new RunObjects.DatabaseSpec("benchlab/postgres:17.6-durable",
                5432, Map.of(), DB, List.of(), data));
    }

    static Volume dataVolume(Pod pod) {
        return pod.getSpec().getVolumes().stream().filter(v -> v.getName().equals(DataVolume.VOLUME)).findFirst()
                .orElseThrow();
    }

    @Test
    void memoryIsAnEmptyDirInMemorySizedAndMountedAtTheDataDirectory() {
        Pod pod = pod(new DataVolume(DbStorage.Kind.MEMORY, DATA, 512L << 20, "unused", PROBE));
        Volume v = dataVolume(pod);
        assertThat(v.getEmptyDir().getMedium()).isEqualTo("Memory");
        assertThat(Quantity.getAmountInBytes(v.getEmptyDir().getSizeLimit()))
                .isEqualByComparingTo(BigDecimal.valueOf(512L << 20));
        assertThat(pod.getSpec().getContainers().get(0).getVolumeMounts())
                .anySatisfy(m -> {
                    assertThat(m.getName()).isEqualTo(DataVolume.VOLUME);
                    assertThat(m.getMountPath()).isEqualTo(DATA);
                });
    }

    @Test
    void aClaimIsTheRunsLabelledReadWriteOnceOfItsClassAndSize() {
        PersistentVolumeClaim c = RunObjects.dataClaim(RUN, "benchlab", "benchlab-x-db-data", "local-path", 1L << 30);
        assertThat(c.getMetadata().getLabels()).containsEntry(Labels.RUN_ID, RUN);
        assertThat(c.getMetadata().getNamespace()).isEqualTo("benchlab");
        assertThat(c.getSpec().getStorageClassName()).isEqualTo("local-path");
        assertThat(c.getSpec().getAccessModes()).containsExactly("ReadWriteOnce");
        assertThat(Quantity.getAmountInBytes(c.getSpec().getResources().getRequests().get("storage")))
                .isEqualByComparingTo(BigDecimal.valueOf(1L << 30));
        assertThat(RunObjects.dataClaim(RUN, "benchlab", "n", null, 1).getSpec().getStorageClassName())
                .as("no class: the cluster's default").isNull();

        Pod pod = pod(new DataVolume(DbStorage.Kind.PVC, DATA, 1L << 30, "benchlab-x-db-data", PROBE));
        assertThat(dataVolume(pod).getPersistentVolumeClaim().getClaimName()).isEqualTo("benchlab-x-db-data");
    }

    @Test
    void theProbeRunsFirstInTheDatabasesImageOnTheSameMountWithinTheDatabasesLimits() {
        Pod pod = pod(new DataVolume(DbStorage.Kind.PVC, DATA, 1L << 30, "claim", PROBE));
        Container probe = pod.getSpec().getInitContainers().get(0);
        Container db = pod.getSpec().getContainers().get(0);
        assertThat(probe.getName()).isEqualTo(DataVolume.PROBE_CONTAINER);
        assertThat(probe.getImage()).isEqualTo(db.getImage());
        assertThat(probe.getCommand()).isEqualTo(PROBE);
        assertThat(probe.getVolumeMounts()).singleElement().satisfies(m -> {
            assertThat(m.getName()).isEqualTo(DataVolume.VOLUME);
            assertThat(m.getMountPath()).isEqualTo(DATA);
        });
        RunObjectsTest.assertGuaranteed(probe, DB);
    }

    @Test
    void ephemeralMountsNothingAndProbesTheInitContainersOwnLayer() {
        Pod pod = pod(new DataVolume(DbStorage.Kind.EPHEMERAL, DATA, null, "unused", PROBE));
        assertThat(pod.getSpec().getVolumes()).noneMatch(v -> v.getName().equals(DataVolume.VOLUME));
        assertThat(pod.getSpec().getContainers().get(0).getVolumeMounts()).noneMatch(m -> m.getMountPath().equals(DATA));
        assertThat(pod.getSpec().getInitContainers()).singleElement()
                .satisfies(c -> assertThat(c.getVolumeMounts()).isNullOrEmpty());
    }
}
