package io.benchlab.runner.metrics;

import java.time.Duration;

/**
 * Samples the used heap of this JVM, as the seeds' TestBench did, to report the max and min
 * runner memory of each measured round. With an embedded engine the database lives here too.
 */
public final class MemoryWatcher implements AutoCloseable {

    private final Thread thread;
    private final long everyMillis;
    private volatile long max;
    private volatile long min;
    private volatile boolean running = true;

    public MemoryWatcher(Duration every) {
        this.everyMillis = Math.max(1, every.toMillis());
        reset();
        thread = new Thread(this::sample, "benchlab-memory");
        thread.setDaemon(true);
        thread.start();
    }

    private static long used() {
        return java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    public synchronized void reset() {
        long used = used();
        max = used;
        min = used;
    }

    private void sample() {
        while (running) {
            long used = used();
            synchronized (this) {
                max = Math.max(max, used);
                min = Math.min(min, used);
            }
            try {
                Thread.sleep(everyMillis);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    public long max() {
        return max;
    }

    public long min() {
        return min;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
    }
}
