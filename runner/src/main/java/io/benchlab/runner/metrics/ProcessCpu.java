package io.benchlab.runner.metrics;

import java.lang.management.ManagementFactory;

/** The CPU time this process has used, user and system, all threads: what the client costs. */
public final class ProcessCpu {

    private static final java.lang.management.OperatingSystemMXBean OS = ManagementFactory.getOperatingSystemMXBean();

    private ProcessCpu() {
    }

    /** Nanoseconds of CPU used so far, or -1 where the JVM cannot tell it. */
    public static long nanos() {
        return OS instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
    }

    /** Seconds of CPU used since FROM (a {@link #nanos()} reading), or null when either reading is unknown. */
    public static Double secondsSince(long from) {
        long now = nanos();
        return from < 0 || now < 0 ? null : (now - from) / 1e9;
    }
}
