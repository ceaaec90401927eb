package io.benchlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class MemoryWatcherTest {

    private static final int RETAINED = 64 << 20;

    /** Waits, at most 10 s, until the watcher has been told of a collection after {@code before}. */
    private static void awaitCollection(MemoryWatcher watcher, long before) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (watcher.collections() <= before && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertThat(watcher.collections()).as("collections noticed").isGreaterThan(before);
    }

    @Test
    void theLiveHeapPeakIsCaughtAtTheCollectionThatSawItWithoutPolling() throws InterruptedException {
        try (MemoryWatcher watcher = new MemoryWatcher(Duration.ofHours(1))) {
            byte[] retained = new byte[RETAINED];
            retained[RETAINED - 1] = 1;
            long before = watcher.collections();
            System.gc();
            awaitCollection(watcher, before);
            long peak = watcher.snapshot().heapLiveMaxBytes();
            assertThat(peak).as("live heap with 64 MiB held").isGreaterThanOrEqualTo(RETAINED);

            retained = null;
            before = watcher.collections();
            System.gc();
            awaitCollection(watcher, before);
            assertThat(MemoryWatcher.heapLive()).as("live heap once it is let go").isLessThan(peak);
            assertThat(watcher.snapshot().heapLiveMaxBytes()).as("the round's peak is kept").isGreaterThanOrEqualTo(peak);

            watcher.reset();
            assertThat(watcher.snapshot().heapLiveMaxBytes()).as("a new round starts from now").isLessThan(peak);
        }
    }

    @Test
    void noThreadSamplesWhereTheKernelKeepsTheResidentPeak() {
        assumeThat(ResidentMemory.resetPeak()).as("/proc/self/clear_refs is writable (Linux)").isTrue();
        try (MemoryWatcher watcher = new MemoryWatcher(Duration.ofMillis(1))) {
            assertThat(watcher.polls()).isFalse();
            assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().equals("benchlab-memory"));
            assertThat(watcher.snapshot().rssPeakBytes()).as("resident peak").isPositive();
        }
    }
}
