package io.benchlab.runner.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * How many more threads this process may start on Linux: the tightest of its cgroup's
 * {@code pids.max}, the kernel's {@code threads-max}, and (unless root, whom it does not bind) its
 * RLIMIT_NPROC. Null where none of them can be read.
 */
final class ThreadBudget {

    /** The threads left, and the limit that leaves the fewest, in words. */
    record Available(long count, String limit) {
    }

    private final Path proc;
    private final Path cgroupRoot;

    ThreadBudget(Path proc, Path cgroupRoot) {
        this.proc = proc;
        this.cgroupRoot = cgroupRoot;
    }

    static Available available() {
        return new ThreadBudget(Path.of("/proc"), Path.of("/sys/fs/cgroup")).read();
    }

    Available read() {
        Available best = null;
        for (java.util.function.Supplier<Available> limit : List.<java.util.function.Supplier<Available>>of(
                this::cgroup, this::kernel, this::nproc)) {
            try {
                best = tighter(best, limit.get());
            } catch (RuntimeException unreadable) {
                // A file in another format than expected: that limit is not known.
            }
        }
        return best;
    }

    private static Available tighter(Available a, Available b) {
        return a == null || (b != null && b.count() < a.count()) ? b : a;
    }

    /** pids.max less pids.current of the process's own cgroup (v2, or v1's pids controller). */
    private Available cgroup() {
        String all = text(proc.resolve("self/cgroup"));
        if (all == null) {
            return null;
        }
        for (String line : all.lines().toList()) {
            String[] parts = line.split(":", 3);
            Path dir = parts[1].isEmpty() ? cgroupRoot : parts[1].equals("pids") ? cgroupRoot.resolve("pids") : null;
            if (dir == null) {
                continue;
            }
            dir = dir.resolve(parts[2].replaceFirst("^/", ""));
            String max = text(dir.resolve("pids.max"));
            String current = text(dir.resolve("pids.current"));
            if (max != null && current != null && !max.equals("max")) {
                return new Available(Long.parseLong(max) - Long.parseLong(current), "cgroup pids.max " + max);
            }
        }
        return null;
    }

    /** threads-max less every thread on the machine (the 4th field of /proc/loadavg is running/total). */
    private Available kernel() {
        String max = text(proc.resolve("sys/kernel/threads-max"));
        String loadavg = text(proc.resolve("loadavg"));
        if (max == null || loadavg == null) {
            return null;
        }
        String[] fields = loadavg.split("\\s+");
        long total = Long.parseLong(fields[3].substring(fields[3].indexOf('/') + 1));
        return new Available(Long.parseLong(max) - total, "kernel threads-max " + max);
    }

    /** RLIMIT_NPROC counts the user's threads everywhere; this process's own are what it can know of. */
    private Available nproc() {
        String uid = field(proc.resolve("self/status"), "Uid:");
        String limits = first(proc.resolve("self/limits"), "Max processes");
        String threads = field(proc.resolve("self/status"), "Threads:");
        if (limits == null || threads == null || (uid != null && uid.split("\\s+")[1].equals("0"))) {
            return null;
        }
        String soft = limits.substring("Max processes".length()).trim().split("\\s+")[0];
        if (soft.equals("unlimited")) {
            return null;
        }
        return new Available(Long.parseLong(soft) - Long.parseLong(threads), "ulimit -u " + soft);
    }

    /** Read line by line: Files.readString trusts the size procfs reports (0) and returned "1" for threads-max. */
    private static String text(Path file) {
        try {
            return String.join("\n", Files.readAllLines(file, StandardCharsets.US_ASCII)).strip();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static String first(Path file, String prefix) {
        String all = text(file);
        return all == null ? null : all.lines().filter(l -> l.startsWith(prefix)).findFirst().orElse(null);
    }

    private static String field(Path file, String name) {
        String line = first(file, name);
        return line == null ? null : line.substring(name.length()).trim();
    }
}
