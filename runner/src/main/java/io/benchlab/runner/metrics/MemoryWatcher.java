package io.benchlab.runner.metrics;

import io.benchlab.results.Memory;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import java.util.List;

/**
 * Samples the runner's memory during each measured round: the heap still in use after the
 * latest garbage collection (live data; the heap's plain "used" counts garbage too and said
 * 2200 MiB for a process of 200 MB resident), and the process's resident set.
 */
public final class MemoryWatcher implements AutoCloseable {

    private static final List<MemoryPoolMXBean> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();

    private final Thread thread;
    private final long everyMillis;
    private long heapLiveMax;
    private long rssMax;
    private boolean peakReset;
    private volatile boolean running = true;

    public MemoryWatcher(Duration every) {
        this.everyMillis = Math.max(1, every.toMillis());
        reset();
        thread = new Thread(this::sample, "benchlab-memory");
        thread.setDaemon(true);
        thread.start();
    }

    /** The heap in use right after the last collection, summed over the heap's pools. */
    static long heapLive() {
        long live = 0;
        for (MemoryPoolMXBean pool : HEAP_POOLS) {
            MemoryUsage after = pool.getCollectionUsage();
            if (after != null) {
                live += after.getUsed();
            }
        }
        return live;
    }

    /** Starts a round's figures from now (call after the round's settling collection). */
    public synchronized void reset() {
        heapLiveMax = heapLive();
        rssMax = ResidentMemory.current();
        peakReset = ResidentMemory.resetPeak();
    }

    private void sample() {
        while (running) {
            long live = heapLive();
            long rss = ResidentMemory.current();
            synchronized (this) {
                heapLiveMax = Math.max(heapLiveMax, live);
                rssMax = Math.max(rssMax, rss);
            }
            try {
                Thread.sleep(everyMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /**
     * The round's figures so far: the largest live heap sampled, and the resident peak (the
     * kernel's high-water mark since the reset, where it could be reset; else the largest sample).
     */
    public synchronized Memory snapshot() {
        long rss = Math.max(rssMax, peakReset ? ResidentMemory.peak() : 0);
        return new Memory(Math.max(heapLiveMax, heapLive()), rss > 0 ? rss : null);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
