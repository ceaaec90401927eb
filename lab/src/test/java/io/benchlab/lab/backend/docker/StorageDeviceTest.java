package io.benchlab.lab.backend.docker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.runner.core.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The device a write cap names: from a folder's device number, through /sys/dev/block, to a whole disk. */
class StorageDeviceTest {

    @Test
    void deviceNumbersSplitAsGlibcSplitsThem() {
        assertThat(StorageDevice.major(0xfe00)).isEqualTo(254);
        assertThat(StorageDevice.minor(0xfe00)).isEqualTo(0);
        // A large minor (as NVMe's partitions have) spills above the major's 12 low bits.
        long dev = (259L & 0xfff) << 8 | (0x12345L & 0xff) | (0x12345L & ~0xffL) << 12;
        assertThat(StorageDevice.major(dev)).isEqualTo(259);
        assertThat(StorageDevice.minor(dev)).isEqualTo(0x12345);
    }

    @Test
    void aFolderOnADiskNamesTheDisk(@TempDir Path folder, @TempDir Path sys) throws IOException {
        Path block = Files.createDirectories(sys.resolve(number(folder)));
        Files.writeString(block.resolve("uevent"), "MAJOR=254\nMINOR=0\nDEVNAME=vdz\nDEVTYPE=disk\n");
        assertThat(StorageDevice.node(folder, sys)).isEqualTo("/dev/vdz");
    }

    /** The kernel takes no throttle rule for a partition: its disk's is the one that caps it. */
    @Test
    void aFolderOnAPartitionNamesItsWholeDisk(@TempDir Path folder, @TempDir Path sys) throws IOException {
        Path disk = Files.createDirectories(sys.resolve("devices/sdz"));
        Files.writeString(disk.resolve("uevent"), "DEVNAME=sdz\nDEVTYPE=disk\n");
        Path part = Files.createDirectories(disk.resolve("sdz1"));
        Files.writeString(part.resolve("uevent"), "DEVNAME=sdz1\nDEVTYPE=partition\n");
        Files.writeString(part.resolve("partition"), "1\n");
        Files.createSymbolicLink(sys.resolve(number(folder)), part);
        assertThat(StorageDevice.node(folder, sys)).isEqualTo("/dev/sdz");
    }

    @Test
    void aFolderOnNoBlockDeviceIsBadInput(@TempDir Path folder, @TempDir Path sys) {
        assertThatThrownBy(() -> StorageDevice.node(folder, sys)).isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("--db-write-iops: " + folder + " is on device ")
                .hasMessageContaining("which is no block device");
    }

    private static String number(Path folder) throws IOException {
        long dev = ((Number) Files.getAttribute(folder, "unix:dev")).longValue();
        return StorageDevice.major(dev) + ":" + StorageDevice.minor(dev);
    }
}
