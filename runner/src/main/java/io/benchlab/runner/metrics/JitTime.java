package io.benchlab.runner.metrics;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/** How long this JVM's JIT compilers have been compiling: code the clients still wait to have compiled. */
public final class JitTime {

    private static final CompilationMXBean JIT = ManagementFactory.getCompilationMXBean();

    private JitTime() {
    }

    /** Milliseconds of compiling so far, or -1 where the JVM cannot tell it (no JIT, or not monitored). */
    public static long millis() {
        return JIT != null && JIT.isCompilationTimeMonitoringSupported() ? JIT.getTotalCompilationTime() : -1;
    }

    /** Seconds of compiling since FROM (a {@link #millis()} reading), or null when either reading is unknown. */
    public static Double secondsSince(long from) {
        long now = millis();
        return from < 0 || now < 0 ? null : (now - from) / 1e3;
    }
}
