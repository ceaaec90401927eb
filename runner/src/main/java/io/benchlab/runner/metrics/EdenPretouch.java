package io.benchlab.runner.metrics;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults the young generation's pages in before the clients warm up, so that the measured phase
 * does not pay for it.
 *
 * <p>The throughput collector's eden is committed at start (a quarter of the machine's memory for
 * the heap, half of it young: 2.3 GiB on a 24 GiB box) but no page of it is resident until
 * something writes there. The clients allocate a few kilobytes a transaction, so their threads
 * took the kernel's first touch of fresh eden pages: 1.0 page fault a transaction on the Vert.x
 * event loops (PostgreSQL, 8 clients), some 2 us each for the fault and the clearing of its page,
 * until eden had filled once, a minute or more into a run. Filling eden here takes those faults
 * before the warm-up, and the collection that ends it leaves every page resident for the run.
 *
 * <p>Only for the throughput collector, whose eden is one fixed range (the runner's launchers
 * choose it): other collectors take their eden regions from a pool, with nothing stable to touch.
 */
public final class EdenPretouch {

    /** The throughput collector's eden, by the name of its memory pool. */
    static final String PARALLEL_EDEN = "PS Eden Space";
    /** Small enough to fill an allocation buffer to its end: a larger one leaves the buffer's tail untouched. */
    private static final int CHUNK = 64 << 10;
    /** The eden size last touched: its pages stay resident, so a later run in this JVM need not touch them again. */
    private static long touchedCommitted;
    /** The garbage is kept here, so that no compiler can tell that nothing reads it. */
    private static volatile byte[] sink;

    private EdenPretouch() {
    }

    /**
     * Fills the eden from empty until a collection empties it again, on a thread per processor
     * (the faults are the cost, and they run in parallel); returns the bytes allocated: 0 with
     * another collector, or when this JVM has touched an eden of this size before.
     */
    public static synchronized long touch() throws InterruptedException {
        Optional<MemoryPoolMXBean> eden = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getName().equals(PARALLEL_EDEN)).findFirst();
        long committed = eden.map(p -> p.getUsage().getCommitted()).orElse(0L);
        if (committed == 0 || committed == touchedCommitted) {
            return 0;
        }
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        // Until two collections: the first empties what the JVM has allocated so far, whose
        // threads' allocation buffers hold untouched pages (a third of eden at the lab's start);
        // after it, all of eden is this garbage's.
        long end = collections(collectors) + 2;
        long bound = 3 * committed;
        AtomicLong allocated = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread t = new Thread(() -> {
                while (collections(collectors) < end && allocated.addAndGet(CHUNK) < bound) {
                    sink = new byte[CHUNK];
                }
            }, "benchlab-pretouch-" + i);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        sink = null;
        touchedCommitted = committed;
        return allocated.get();
    }

    private static long collections(List<GarbageCollectorMXBean> collectors) {
        long n = 0;
        for (GarbageCollectorMXBean c : collectors) {
            n += Math.max(0, c.getCollectionCount());
        }
        return n;
    }
}
