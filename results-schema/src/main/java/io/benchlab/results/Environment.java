package io.benchlab.results;

/**
 * The runner's machine and the lab build that produced the result. {@code jvmArgs} are the
 * runner JVM's options (heap and collector shape embedded-engine figures), secrets masked. The
 * cgroup limits are those the runner's own process lives under (null: unlimited or unknown): in
 * a container or pod, what the runtime applied, seen from inside.
 */
public record Environment(
        String labVersion,
        String labGitSha,
        String jvm,
        String jvmVendor,
        String os,
        String arch,
        String cpuModel,
        int cores,
        long maxHeapBytes,
        String hostname,
        java.util.List<String> jvmArgs,
        Double cgroupCpuLimit,
        Long cgroupMemoryLimitBytes) {

    public Environment {
        jvmArgs = jvmArgs == null ? java.util.List.of() : java.util.List.copyOf(jvmArgs);
    }
}
