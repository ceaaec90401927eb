package io.benchlab.runner.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cgroup limits in force, read from a fake cgroup tree (v2 files at the root, v1 under cpu/ and memory/). */
class CgroupLimitsTest {

    @TempDir
    Path root;

    void write(String file, String text) throws IOException {
        Files.createDirectories(root.resolve(file).getParent());
        Files.writeString(root.resolve(file), text + "\n");
    }

    @Test
    void v2CpuMaxIsQuotaOverPeriod() throws IOException {
        write("cpu.max", "150000 100000");
        assertThat(CgroupLimits.cpus(root)).isEqualTo(1.5);
    }

    @Test
    void v2CpuMaxWithoutQuotaIsNoLimit() throws IOException {
        write("cpu.max", "max 100000");
        assertThat(CgroupLimits.cpus(root)).isNull();
    }

    @Test
    void v2MemoryMaxIsBytesOrNoLimit() throws IOException {
        write("memory.max", "1073741824");
        assertThat(CgroupLimits.memoryBytes(root)).isEqualTo(1L << 30);
        write("memory.max", "max");
        assertThat(CgroupLimits.memoryBytes(root)).isNull();
    }

    @Test
    void v1CpuQuotaOverPeriodAndMinusOneIsNoLimit() throws IOException {
        write("cpu/cpu.cfs_period_us", "100000");
        write("cpu/cpu.cfs_quota_us", "50000");
        assertThat(CgroupLimits.cpus(root)).isEqualTo(0.5);
        write("cpu/cpu.cfs_quota_us", "-1");
        assertThat(CgroupLimits.cpus(root)).isNull();
    }

    @Test
    void v1MemoryLimitIsBytesAndThePageRoundedMaximumIsNoLimit() throws IOException {
        write("memory/memory.limit_in_bytes", "536870912");
        assertThat(CgroupLimits.memoryBytes(root)).isEqualTo(512L << 20);
        write("memory/memory.limit_in_bytes", "9223372036854771712");
        assertThat(CgroupLimits.memoryBytes(root)).isNull();
    }

    @Test
    void noCgroupFilesIsNoLimit() {
        assertThat(CgroupLimits.cpus(root)).isNull();
        assertThat(CgroupLimits.memoryBytes(root)).isNull();
    }
}
