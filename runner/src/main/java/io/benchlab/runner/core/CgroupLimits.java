package io.benchlab.runner.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The CPU and memory limits of this process's cgroup (v2, or v1 where the host still mounts
 * it), as the container runtime or the kubelet set them: the result records what was in force,
 * not only what was asked for. Inside a container the cgroup files are the container's own.
 */
final class CgroupLimits {

    private static final Path ROOT = Path.of("/sys/fs/cgroup");

    private CgroupLimits() {
    }

    /** v2 cpu.max: "QUOTA PERIOD" in microseconds, or "max"; v1: cfs_quota_us (-1: none) over cfs_period_us. */
    static Double cpus() {
        return cpus(ROOT);
    }

    /** As {@link #cpus()}, from the cgroup files under {@code root} (tests). */
    static Double cpus(Path root) {
        String[] v2 = firstLine(root, "cpu.max").split(" ");
        String quota = v2.length == 2 ? v2[0] : firstLine(root, "cpu/cpu.cfs_quota_us");
        String period = v2.length == 2 ? v2[1] : firstLine(root, "cpu/cpu.cfs_period_us");
        Long q = number(quota);
        Long p = number(period);
        return q == null || p == null || q <= 0 || p <= 0 ? null : (double) q / p;
    }

    /** v2 memory.max: bytes, or "max"; v1 memory.limit_in_bytes, a page-rounded 2^63 when there is none. */
    static Long memoryBytes() {
        return memoryBytes(ROOT);
    }

    /** As {@link #memoryBytes()}, from the cgroup files under {@code root} (tests). */
    static Long memoryBytes(Path root) {
        String v2 = firstLine(root, "memory.max");
        Long bytes = number(v2.isEmpty() ? firstLine(root, "memory/memory.limit_in_bytes") : v2);
        return bytes == null || bytes <= 0 || bytes >= UNLIMITED ? null : bytes;
    }

    private static final long UNLIMITED = 1L << 62;

    private static Long number(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException unlimitedOrMissing) {
            return null;
        }
    }

    private static String firstLine(Path root, String file) {
        try {
            // readAllLines: /proc and /sys files report no size, and a plain read can come back short.
            List<String> lines = Files.readAllLines(root.resolve(file));
            return lines.isEmpty() ? "" : lines.get(0).strip();
        } catch (IOException | RuntimeException notThere) {
            return "";
        }
    }
}
