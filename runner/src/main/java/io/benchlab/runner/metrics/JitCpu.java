package io.benchlab.runner.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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

    /** A task directory is listed again, for threads started since, at most this often (see {@link #read(Path, long)}). */
    static final long LIST_EVERY_NANOS = 1_000_000_000L;

    /** Per task directory, the threads seen there and when it was last listed. */
    private static final Map<Path, TaskDir> KNOWN = new ConcurrentHashMap<>();

    /** Whether each thread seen in a task directory is a compiler, and when the directory was last listed. */
    private static final class TaskDir {
        final Map<String, Boolean> compilers = new ConcurrentHashMap<>();
        volatile Long listedNanos;
    }

    private JitCpu() {
    }

    /** The compiler threads' CPU so far in ticks, by thread id; null where there is no /proc to read. */
    public static Map<String, Long> read() {
        return read(TASKS, System.nanoTime());
    }

    /** Seconds of the compilers' CPU since FROM (a {@link #read()}), or null when either reading is unknown. */
    public static Double secondsSince(Map<String, Long> from) {
        return secondsBetween(from, read());
    }

    /**
     * The JIT's share of what the client had over WALL seconds: of its CPU, or of one core where it
     * used less. The runner's own code that runs a few times a second (the server-stats sampler's
     * queries, the container usage it asks the lab for, the progress lines) reaches the JIT's
     * thresholds at any time, and kept the compilers at 5-20 ms a second in a warm run however
     * little the clients did: in the headline docker run (a client of 0.25 of a core, 10-s round)
     * 0.05-0.20 s of JIT, 2-8% of the client's CPU, and 0.03 s in each of 3 runs with
     * --server-stats off (bench/README.md, "The JIT in default runs"). Such a share says how busy
     * the client was, not whether it was warm; and what a compile can take from the clients is
     * its CPU, a share of a core whatever the client's own use.
     */
    public static double share(double jitSeconds, double cpuSeconds, double wallSeconds) {
        return jitSeconds / Math.max(cpuSeconds, wallSeconds);
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

    /**
     * A thread's CPU is read from its stat file, whose name tells whether it is a compiler. A
     * reading once opened every thread's (60 and more), and the JDK's file reading it went through
     * reached C2's thresholds in a measured round (0.15 s of C2, -XX:+LogCompilation). So a
     * thread's kind is remembered by its id, per task directory, and only the compilers' files are
     * opened again. The directory itself is listed again at most once a second (at NOW, a
     * System.nanoTime()): {@link JitQuiet} reads 50 times a second between rounds, and its listings
     * alone took the JDK's directory code to C2 in round 2 (PostgreSQL, 32 clients). A compiler
     * thread is named when it is made; bin/jvm-options keeps them for the JVM's life, so none is
     * first read unnamed, and one that a later listing finds is counted from zero (secondsBetween).
     */
    static Map<String, Long> read(Path tasks, long now) {
        TaskDir dir = KNOWN.computeIfAbsent(tasks, d -> new TaskDir());
        Long listed = dir.listedNanos;
        if (listed != null && now - listed < LIST_EVERY_NANOS) {
            return readCompilers(tasks, dir.compilers);
        }
        Map<String, Long> ticks = new HashMap<>();
        Set<String> present = new HashSet<>();
        try (DirectoryStream<Path> threads = Files.newDirectoryStream(tasks)) {
            for (Path thread : threads) {
                String id = thread.getFileName().toString();
                present.add(id);
                if (!Boolean.FALSE.equals(dir.compilers.get(id))) {
                    readStat(thread, id, dir.compilers, ticks);
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            return null;
        }
        // Threads that ended leave: their ids are not kept for the JVM's life.
        dir.compilers.keySet().retainAll(present);
        dir.listedNanos = now;
        return ticks;
    }

    /** The known compilers' ticks, without listing their directory; null where one cannot be parsed. */
    private static Map<String, Long> readCompilers(Path tasks, Map<String, Boolean> compilers) {
        Map<String, Long> ticks = new HashMap<>();
        try {
            for (Map.Entry<String, Boolean> e : compilers.entrySet()) {
                if (e.getValue()) {
                    readStat(tasks.resolve(e.getKey()), e.getKey(), compilers, ticks);
                }
            }
        } catch (RuntimeException notAStatLine) {
            return null;
        }
        return ticks;
    }

    /** Reads THREAD's stat file into TICKS when it is a compiler's, and remembers its kind. */
    private static void readStat(Path thread, String id, Map<String, Boolean> compilers, Map<String, Long> ticks) {
        try {
            Long t = compilerTicks(Files.readString(thread.resolve("stat"), StandardCharsets.US_ASCII));
            compilers.put(id, t != null);
            if (t != null) {
                ticks.put(id, t);
            }
        } catch (IOException ended) {
            // The thread ended since it was listed: not a compiler's (they stay), or one to forget.
            compilers.remove(id);
        }
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
