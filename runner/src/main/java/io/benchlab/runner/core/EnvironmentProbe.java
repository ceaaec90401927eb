package io.benchlab.runner.core;

import io.benchlab.results.Environment;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Pattern;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/** Reads what the result records about the machine, the JVM and the lab build. */
public final class EnvironmentProbe {

    private static final Properties BUILD = buildProperties();

    private EnvironmentProbe() {
    }

    public static Environment capture() {
        Runtime rt = Runtime.getRuntime();
        return new Environment(
                labVersion(),
                labGitSha(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                System.getProperty("java.vm.vendor"),
                System.getProperty("os.name") + " " + System.getProperty("os.version"),
                System.getProperty("os.arch"),
                cpuModel(),
                rt.availableProcessors(),
                rt.maxMemory(),
                hostname(),
                jvmArgs(),
                CgroupLimits.cpus(),
                CgroupLimits.memoryBytes(),
                System.getProperty("os.version"),
                firstLine(Path.of("/proc/sys/kernel/random/boot_id")),
                container(Path.of("/"), System.getenv("KUBERNETES_SERVICE_HOST")));
    }

    /**
     * What this process runs in, seen from inside: a Kubernetes pod (the kubelet sets the service
     * variables in every container), a podman or Docker container (the marker files each engine
     * puts at the root), or none.
     */
    static String container(Path root, String kubernetesServiceHost) {
        if (kubernetesServiceHost != null && !kubernetesServiceHost.isBlank()) {
            return "kubernetes";
        }
        if (Files.exists(root.resolve("run/.containerenv"))) {
            return "podman";
        }
        return Files.exists(root.resolve(".dockerenv")) ? "docker" : "none";
    }

    private static String firstLine(Path file) {
        try {
            return Files.readAllLines(file).stream().findFirst().map(String::strip).orElse(null);
        } catch (IOException | RuntimeException e) {
            return null; // not Linux: the fingerprint goes without it
        }
    }

    /** The JVM's own options, with the value of anything that looks like a secret masked. */
    static List<String> jvmArgs() {
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .map(a -> SECRET_OPTION.matcher(a).matches() ? a.substring(0, a.indexOf('=') + 1) + "***" : a)
                .toList();
    }

    private static final Pattern SECRET_OPTION = Pattern.compile("(?i)[^=]*(password|secret|token|credential)[^=]*=.*");

    public static String labGitSha() {
        return BUILD.getProperty("git.sha", "unknown");
    }

    public static String labVersion() {
        return BUILD.getProperty("version", "unknown");
    }

    private static Properties buildProperties() {
        Properties p = new Properties();
        try (InputStream in = EnvironmentProbe.class.getResourceAsStream("/io/benchlab/runner/build.properties")) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException ignored) {
            // An unknown build is recorded as "unknown".
        }
        return p;
    }

    static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException | RuntimeException ignored) {
            // Not Linux, or not readable: fall through.
        }
        return "unknown";
    }

    private static String hostname() {
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }
}
