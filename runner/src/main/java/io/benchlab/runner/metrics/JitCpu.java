package io.benchlab.runner.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The CPU time of this JVM's JIT compiler threads, read per thread from Linux's /proc: code the
 * clients still wait to have compiled, and CPU they do not get. Not HotSpot's compilation time
 * (CompilationMXBean), which counts the wall time of each compilation: on a box whose cores the
 * database keeps busy, that was twice the compilers' CPU (0.78 s against 0.35 s in one run).
 */
public final class JitCpu {

    /** /proc reports a thread's CPU in clock ticks of USER_HZ, which Linux fixes at 100 for user space. */
    private static final double TICKS_PER_SECOND = 100;

    private static final Path TASKS = Path.of("/proc/self/task");

    private JitCpu() {
    }

    /** The compiler threads' CPU so far in ticks, by thread id; null where there is no /proc to read. */
    public static Map<String, Long> read() {
        return read(TASKS);
    }

    /** Seconds of the compilers' CPU since FROM (a {@link #read()}), or null when either reading is unknown. */
    public static Double secondsSince(Map<String, Long> from) {
        return secondsBetween(from, read());
    }

    /**
     * The CPU between two readings. A thread that started in between counts from zero; one that
     * ended in between takes its share with it (bin/jvm-options keeps the compiler threads for good).
     */
    public static Double secondsBetween(Map<String, Long> from, Map<String, Long> to) {
        if (from == null || to == null) {
            return null;
        }
        long ticks = 0;
        for (Map.Entry<String, Long> e : to.entrySet()) {
            ticks += e.getValue() - from.getOrDefault(e.getKey(), 0L);
        }
        return ticks / TICKS_PER_SECOND;
    }

    static Map<String, Long> read(Path tasks) {
        Map<String, Long> ticks = new HashMap<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                try {
                    Long t = compilerTicks(Files.readString(thread.resolve("stat"), StandardCharsets.US_ASCII));
                    if (t != null) {
                        ticks.put(thread.getFileName().toString(), t);
                    }
                } catch (IOException ended) {
                    // The thread ended while the directory was read: not a compiler's (they stay).
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            return null;
        }
        return ticks;
    }

    /**
     * A thread's user and system ticks from its stat line when it is one of HotSpot's compilers
     * ("C1 CompilerThread0", "C2 ...", Graal's "JVMCI ...", cut to 15 characters), else null.
     */
    static Long compilerTicks(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        String name = stat.substring(open + 1, close);
        if (!name.startsWith("C1 Compiler") && !name.startsWith("C2 Compiler") && !name.startsWith("JVMCI")) {
            return null;
        }
        // After the name: state, ppid, ..., utime and stime are the 12th and 13th fields.
        String[] f = stat.substring(close + 2).trim().split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]);
    }
}
