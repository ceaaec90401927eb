package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.benchlab.results.Storage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe's output as read: the data directory's mount, size, device and flush latency. */
class StorageProbeTest {

    private static final String DATA = "/var/lib/postgresql/data";

    private static final String MOUNTS = String.join("\n",
            "== mountinfo",
            "85 57 0:40 / / rw,relatime - overlay overlay rw,lowerdir=/l,upperdir=/u,workdir=/w,fsync=volatile",
            "86 85 0:43 / /proc rw,nosuid,nodev,noexec,relatime - proc proc rw",
            "107 85 254:0 /var/lib/containers/storage/volumes/v/_data /var/lib/postgresql/data rw,nosuid,nodev,relatime"
                    + " - ext4 /dev/vda rw,discard",
            "108 85 0:48 / /var/lib/postgresql rw,relatime - tmpfs tmpfs rw,size=65536k",
            "== statfs",
            "4096 66053021",
            "== devices",
            "loop0 0",
            "vda 1",
            "== probe");

    private static Storage asked(String kind) {
        return new Storage(kind, DATA, null, null, null, null, null, null, null, "a note");
    }

    @Test
    void theDataDirectorysOwnMountAndTheFlushPercentiles() {
        Storage s = StorageProbe.read(asked("volume"), MOUNTS + "\n80.5 81.0 79.9 210.0 96.1\n");
        assertThat(s.filesystem()).isEqualTo("ext4");
        assertThat(s.mountOptions()).isEqualTo("rw,nosuid,nodev,relatime rw,discard");
        assertThat(s.device()).isEqualTo("/dev/vda");
        assertThat(s.rotational()).isTrue();
        assertThat(s.sizeBytes()).isEqualTo(4096L * 66_053_021L);
        assertThat(s.flush()).isEqualTo(new Storage.FlushLatency(5, 0.081, 0.21, 0.21));
        assertThat(s.note()).isEqualTo("a note");
        assertThat(s.kind()).isEqualTo("volume");
        assertThat(s.dataDir()).isEqualTo(DATA);
    }

    @Test
    void aFolderWithoutAMountOfItsOwnIsOnTheMountAboveIt() {
        Storage s = StorageProbe.read(new Storage("container", "/var/lib/hsqldb", null, null, null, null, null, null,
                null, "n"), MOUNTS + "\n1.9 2.1\n");
        assertThat(s.filesystem()).isEqualTo("overlay");
        assertThat(s.device()).as("no block device").isNull();
        assertThat(s.rotational()).isNull();
        assertThat(s.flush().p50Ms()).isEqualTo(0.0019);
    }

    @Test
    void aProbeThatCouldNotRunIsANoteNotAFailure() {
        Storage s = StorageProbe.read(asked("container"), MOUNTS
                + "\nerror: Can't locate Time/HiRes.pm in @INC (you may need to install the Time::HiRes module)\n");
        assertThat(s.flush()).isNull();
        assertThat(s.filesystem()).isEqualTo("ext4");
        assertThat(s.note()).isEqualTo("a note; flush latency not measured: Can't locate Time/HiRes.pm in @INC (you"
                + " may need to install the Time::HiRes module)");
        Storage nothing = StorageProbe.read(asked("tmpfs"), "");
        assertThat(nothing.filesystem()).isNull();
        assertThat(nothing.sizeBytes()).isNull();
        assertThat(nothing.note()).isEqualTo("a note; flush latency not measured: the probe printed nothing");
    }

    @Test
    void percentilesAreNearestRankInMilliseconds() {
        StringBuilder us = new StringBuilder();
        for (int i = 1; i <= 500; i++) {
            us.append(i).append(' ');
        }
        assertThat(StorageProbe.latency(us.toString(), null)).isEqualTo(new Storage.FlushLatency(500, 0.25, 0.495, 0.5));
        assertThat(StorageProbe.latency("", "1000")).isNull();
        assertThat(StorageProbe.latency("1.0 x", "1000")).isNull();
    }

    @Test
    void theSustainedRateIsTheWritesOverTheProbesWholeTime() {
        // 4 writes whose latency adds to 0.4 ms, in 30 ms all told: a throttle held the rest of the slice.
        Storage s = StorageProbe.read(asked("volume"), MOUNTS + "\n0.1 0.1 0.1 0.1\n30000\n");
        assertThat(s.flush()).isEqualTo(new Storage.FlushLatency(4, 0.0001, 0.0001, 0.0001, 133.3));
        assertThat(StorageProbe.describe(s)).endsWith("(4 writes, 133 a second)");
        assertThat(StorageProbe.latency("1.0", "x").writesPerSecond()).as("unreadable").isNull();
        assertThat(StorageProbe.latency("1.0", "0").writesPerSecond()).isNull();
    }

    /** The probe's own perl, here on this machine's disk, prints the latencies and the whole time. */
    @Test
    void theProbeScriptPrintsItsWholeTime(@TempDir Path dir) throws Exception {
        assumeTrue(new ProcessBuilder("perl", "-MTime::HiRes", "-e", "1").start().waitFor() == 0, "perl here");
        Process p = new ProcessBuilder(StorageProbe.command(dir.toString())).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor()).isZero();
        Storage s = StorageProbe.read(new Storage("bind", dir.toString(), null, null, null, null, null, null, null,
                "here"), out);
        assertThat(s.flush()).as(out).isNotNull();
        // Not above what the writes' own time allows (their mean, which is near the median).
        assertThat(s.flush().writesPerSecond()).as(out).isPositive()
                .isLessThanOrEqualTo(2 * 1000 / s.flush().p50Ms());
        assertThat(dir).isEmptyDirectory();
    }
}
