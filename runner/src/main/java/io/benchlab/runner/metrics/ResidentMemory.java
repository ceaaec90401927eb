package io.benchlab.runner.metrics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** The process's resident memory as Linux reports it in /proc/self; 0 where there is no such file. */
final class ResidentMemory {

    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

    private ResidentMemory() {
    }

    /** VmRSS: resident now. */
    static long current() {
        return field("VmRSS:");
    }

    /** VmHWM: the resident high-water mark since the process started or {@link #resetPeak()}. */
    static long peak() {
        return field("VmHWM:");
    }

    /** Resets VmHWM to the current RSS ("5" to clear_refs, Linux 4.0+); false where that is not allowed. */
    static boolean resetPeak() {
        try {
            Files.writeString(CLEAR_REFS, "5", StandardCharsets.US_ASCII);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static long field(String name) {
        try {
            for (String line : Files.readAllLines(STATUS, StandardCharsets.US_ASCII)) {
                if (line.startsWith(name)) {
                    // "VmRSS:	  163840 kB"
                    String[] parts = line.substring(name.length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException notLinux) {
            // No /proc: the figure stays unknown.
        }
        return 0;
    }
}
