package io.benchlab.lab.pipeline;

import java.time.Duration;

/** The run's timeout: when it passes, the run is stopped as by Ctrl-C and the lab exits 1. */
final class Deadline implements AutoCloseable {

    private final Thread timer;
    private volatile boolean passed;

    private Deadline(Duration timeout, Runnable stop) {
        if (timeout == null) {
            timer = null;
            return;
        }
        timer = new Thread(() -> {
            try {
                Thread.sleep(timeout.toMillis());
            } catch (InterruptedException closed) {
                return;
            }
            passed = true;
            stop.run();
        }, "benchlab-timeout");
        timer.setDaemon(true);
        timer.start();
    }

    static Deadline start(Duration timeout, Runnable stop) {
        return new Deadline(timeout, stop);
    }

    boolean passed() {
        return passed;
    }

    @Override
    public void close() {
        if (timer != null) {
            timer.interrupt();
        }
    }
}
