package io.benchlab.runner.metrics;

import com.sun.management.GarbageCollectionNotificationInfo;
import io.benchlab.results.Memory;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;

/**
 * Watches the runner's memory during each measured round: the heap still in use after the
 * latest garbage collection (live data; the heap's plain "used" counts garbage too and said
 * 2200 MiB for a process of 200 MB resident), and the process's resident set.
 *
 * <p>Nothing polls while the clients run. The live heap changes only when a collection ends, so it
 * is read then, on the JVM's notification of each collection; the resident peak is the kernel's
 * high-water mark, reset at each round's start. Only where either cannot be had (no such
 * notifications, or a mark that cannot be reset) does a thread sample both every {@code every}, as
 * all runs once did: at 100 ms that thread took 0.7-0.9% of the runner's CPU in the measured phase
 * (PostgreSQL, 8 clients, the Vert.x driver: 4-5 of some 570 ticks in 12 s), which the clients'
 * event loops then did not get.
 */
public final class MemoryWatcher implements AutoCloseable {

    private static final List<MemoryPoolMXBean> HEAP_POOLS = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();

    private final List<NotificationEmitter> collectors = new ArrayList<>();
    private final NotificationListener onCollection = (n, handback) -> {
        if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            collected();
        }
    };
    private final Thread poller;
    private final long everyMillis;
    private long heapLiveMax;
    private long rssMax;
    private boolean peakReset;
    private long collections;
    private volatile boolean running = true;

    public MemoryWatcher(Duration every) {
        this.everyMillis = Math.max(1, every.toMillis());
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener(onCollection, null, null);
                collectors.add(emitter);
            }
        }
        reset();
        if (collectors.isEmpty() || !peakReset) {
            poller = new Thread(this::sample, "benchlab-memory");
            poller.setDaemon(true);
            poller.start();
        } else {
            poller = null;
        }
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

    /** Whether a thread samples memory, for want of collection notices or of a resettable resident peak. */
    boolean polls() {
        return poller != null;
    }

    /** How many collections this watcher has been told of. */
    synchronized long collections() {
        return collections;
    }

    private synchronized void collected() {
        collections++;
        heapLiveMax = Math.max(heapLiveMax, heapLive());
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
     * The round's figures so far: the largest live heap seen, and the resident peak (the
     * kernel's high-water mark since the reset, where it could be reset; else the largest sample).
     */
    public synchronized Memory snapshot() {
        // The kernel's mark holds every resident size since the reset; without it, the samples and now.
        long rss = peakReset ? Math.max(rssMax, ResidentMemory.peak()) : Math.max(rssMax, ResidentMemory.current());
        return new Memory(Math.max(heapLiveMax, heapLive()), rss > 0 ? rss : null);
    }

    @Override
    public void close() {
        running = false;
        if (poller != null) {
            poller.interrupt();
        }
        for (NotificationEmitter emitter : collectors) {
            try {
                emitter.removeNotificationListener(onCollection);
            } catch (ListenerNotFoundException alreadyGone) {
                // Nothing to undo.
            }
        }
    }
}
