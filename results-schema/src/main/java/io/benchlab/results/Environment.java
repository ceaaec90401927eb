package io.benchlab.results;

/**
 * The runner's machine and the lab build that produced the result. {@code jvmArgs} are the
 * runner JVM's options (heap and collector shape embedded-engine figures), secrets masked.
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
        java.util.List<String> jvmArgs) {

    public Environment {
        jvmArgs = jvmArgs == null ? java.util.List.of() : java.util.List.copyOf(jvmArgs);
    }
}
