package io.benchlab.runner.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class JitQuietTest {

    private static final long MS = 1_000_000L;

    /** Compiler ticks that rise at each of the first BUSY readings, then stay. */
    private static Supplier<Map<String, Long>> busyFor(int busy, AtomicInteger reads) {
        return () -> {
            int n = reads.getAndIncrement();
            return Map.of("17", (long) Math.min(n, busy));
        };
    }

    @Test
    void waitsUntilTheCompilersStopAndThenForTheQuietSpan() throws InterruptedException {
        AtomicInteger reads = new AtomicInteger();
        long start = System.nanoTime();
        assertThat(JitQuiet.await(busyFor(5, reads), 30 * MS, 5_000 * MS, 2 * MS)).isTrue();
        assertThat(reads.get()).as("past the five busy readings").isGreaterThan(6);
        assertThat(System.nanoTime() - start).as("a quiet span after them").isGreaterThanOrEqualTo(30 * MS);
    }

    @Test
    void compilersThatNeverStopEndTheWaitAtItsBound() throws InterruptedException {
        AtomicInteger reads = new AtomicInteger();
        long start = System.nanoTime();
        assertThat(JitQuiet.await(busyFor(Integer.MAX_VALUE, reads), 30 * MS, 200 * MS, 2 * MS)).isFalse();
        assertThat(System.nanoTime() - start).isBetween(200 * MS, 5_000 * MS);
    }

    @Test
    void withoutProcThereIsNothingToWaitFor() throws InterruptedException {
        long start = System.nanoTime();
        assertThat(JitQuiet.await(() -> null, 30 * MS, 5_000 * MS, 2 * MS)).isTrue();
        assertThat(System.nanoTime() - start).isLessThan(1_000 * MS);
    }
}
