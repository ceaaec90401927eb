package io.benchlab.runner.runs;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Memory;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * Memory figures that mean what they say: the heap live after collections (not "used", which
 * counted garbage and reported 2200 MiB for a 200 MB process), and the process's resident peak.
 */
class MemoryFiguresTest {

    @Test
    void liveHeapAndResidentPeakAreReported() throws Exception {
        Target target = EmbeddedRuns.target("hsqldb");
        RunResult r;
        try {
            r = EmbeddedRuns.run(target, EmbeddedRuns.config().clients(2).duration(Duration.ofSeconds(1)).build());
        } finally {
            EmbeddedRuns.dispose(target);
        }
        EmbeddedRuns.assertHealthy(r);
        Memory m = r.figures().memory();
        // The in-memory database (100,000 accounts) lives in this heap: tens of MiB, never the heap's size.
        assertThat(m.heapLiveMaxBytes()).isBetween(10L << 20, Runtime.getRuntime().maxMemory());
        assertThat(m.rssPeakBytes()).as("resident peak").isNotNull();
        // The kernel keeps resident counts per thread and folds them in now and then, so a sample
        // of VmRSS can run a little ahead of the VmHWM read later (measured: 240 KiB).
        assertThat(m.rssPeakBytes()).isGreaterThan(m.heapLiveMaxBytes())
                .isLessThanOrEqualTo(highWaterMark() + (4L << 20));
    }

    /** The kernel's resident high-water mark of this JVM now: the round's peak cannot exceed it (much). */
    static long highWaterMark() throws Exception {
        return Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM:"))
                .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElseThrow();
    }
}
