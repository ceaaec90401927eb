package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --db-storage as read: the kinds, a tmpfs's size against the memory limit, a bind folder. */
class DbStorageTest {

    private static final long TWO_GB = 2L << 30;

    @Test
    void eachKindReadsAndATmpfsIsTheMemoryLimitUnlessSized() {
        assertThat(DbStorage.parse("container", TWO_GB)).isEqualTo(DbStorage.CONTAINER);
        assertThat(DbStorage.parse("VOLUME", TWO_GB).kind()).isEqualTo(DbStorage.Kind.VOLUME);
        DbStorage tmpfs = DbStorage.parse("tmpfs", TWO_GB);
        assertThat(tmpfs.sizeBytes()).isNull();
        assertThat(tmpfs.tmpfsBytes(TWO_GB)).isEqualTo(TWO_GB);
        assertThat(DbStorage.parse("tmpfs:512m", TWO_GB).tmpfsBytes(TWO_GB)).isEqualTo(512L << 20);
        assertThat(DbStorage.parse("tmpfs:2g", TWO_GB).sizeBytes()).as("the limit itself fits").isEqualTo(TWO_GB);
    }

    @Test
    void aBindFolderIsTheFolderGivenAndMustBeOne(@TempDir Path dir) throws Exception {
        DbStorage bind = DbStorage.parse("bind:" + dir, TWO_GB);
        assertThat(bind.kind()).isEqualTo(DbStorage.Kind.BIND);
        assertThat(bind.bindFolder()).isEqualTo(dir.toAbsolutePath());
        Path file = java.nio.file.Files.createFile(dir.resolve("file"));
        assertThatThrownBy(() -> DbStorage.parse("bind:" + file, TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessage("--db-storage bind:" + file + ": no such folder");
        assertThatThrownBy(() -> DbStorage.parse("bind:", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessage("--db-storage bind:PATH needs the folder to work in");
    }

    @Test
    void aTmpfsAboveTheMemoryLimitOrOfNothingIsBadInput() {
        assertThatThrownBy(() -> DbStorage.parse("tmpfs:3g", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at most the database container's memory limit (2048m; --db-memory)");
        assertThatThrownBy(() -> DbStorage.parse("tmpfs:0", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("must be above 0");
    }

    @Test
    void kubernetesKindsReadWithAClaimsClassAndSizeInEitherSpelling() {
        assertThat(DbStorage.parseKubernetes("ephemeral", TWO_GB)).isEqualTo(DbStorage.EPHEMERAL);
        assertThat(DbStorage.parseKubernetes("memory", TWO_GB).tmpfsBytes(TWO_GB)).isEqualTo(TWO_GB);
        assertThat(DbStorage.parseKubernetes("memory:512Mi", TWO_GB).sizeBytes()).isEqualTo(512L << 20);
        DbStorage pvc = DbStorage.parseKubernetes("pvc", TWO_GB);
        assertThat(pvc.storageClass()).as("the cluster's default").isNull();
        assertThat(pvc.sizeBytes()).isEqualTo(DbStorage.DEFAULT_CLAIM_BYTES);
        assertThat(DbStorage.parseKubernetes("pvc:local-path", TWO_GB).storageClass()).isEqualTo("local-path");
        DbStorage sized = DbStorage.parseKubernetes("pvc:1Gi", TWO_GB);
        assertThat(sized.storageClass()).isNull();
        assertThat(sized.sizeBytes()).as("a claim may be larger than memory").isEqualTo(1L << 30);
        DbStorage both = DbStorage.parseKubernetes("pvc:fast:20g", TWO_GB);
        assertThat(both.storageClass()).isEqualTo("fast");
        assertThat(both.sizeBytes()).isEqualTo(20L << 30);
    }

    @Test
    void aKindOfTheOtherBackendSaysWhichBackendItBelongsTo() {
        assertThatThrownBy(() -> DbStorage.parseKubernetes("tmpfs", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("tmpfs is a storage kind of --backend docker");
        assertThatThrownBy(() -> DbStorage.parse("memory", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("memory is a storage kind of --backend kubernetes");
        assertThatThrownBy(() -> DbStorage.parseKubernetes("memory:3g", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("at most the database pod's memory limit (2048m; --db-memory)");
        assertThatThrownBy(() -> DbStorage.parseKubernetes("pvc:a:b:c", TWO_GB)).isInstanceOf(BadInputException.class)
                .hasMessageContaining("pvc[:CLASS][:SIZE]");
    }
}
