package io.benchlab.results;

/**
 * The runner's machine and the lab build that produced the result. {@code jvmArgs} are the
 * runner JVM's options (heap and collector shape embedded-engine figures), secrets masked. The
 * cgroup limits are those the runner's own process lives under (null: unlimited or unknown): in
 * a container or pod, what the runtime applied, seen from inside. {@code kernel} is the kernel
 * release, {@code bootId} the kernel's boot id (a reboot or another machine changes it) and
 * {@code container} what the runner process runs in, seen from inside ({@code none}, {@code docker},
 * {@code podman}, {@code kubernetes}); with the placement they make the node's
 * {@link NodeFingerprint}. Results of schema versions before 5 have none of the three.
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
        Long cgroupMemoryLimitBytes,
        String kernel,
        String bootId,
        String container) {

    public Environment {
        jvmArgs = jvmArgs == null ? java.util.List.of() : java.util.List.copyOf(jvmArgs);
    }
}
