package io.benchlab.lab.backend;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.Storage;
import io.benchlab.results.Warning;
import org.junit.jupiter.api.Test;

/** The durability rule: commits per connection against what the storage's flush latency allows. */
class DurabilityCheckTest {

    /** p50 0.5 ms: 2000 flushes a second, 4000 with the margin. */
    private static final Storage.FlushLatency DISK = new Storage.FlushLatency(500, 0.5, 1.2, 3.0);

    @Test
    void commitsFasterThanTwiceTheFlushRateAreWarnedWithBothFigures() {
        Warning w = DurabilityCheck.check(true, DISK, 4_500, 1).orElseThrow();
        assertThat(w.code()).isEqualTo("durability_unverified");
        assertThat(w.figure()).isEqualTo(4_500);
        assertThat(w.message()).isEqualTo("4500 commits a second per connection, but the storage flushes in 0.500 ms"
                + " (p50, 500 writes), at most 2000 a second: above 2x that, the engine is not waiting for the disk"
                + " though its profile flushes every commit");
    }

    @Test
    void theRateIsPerConnection() {
        assertThat(DurabilityCheck.check(true, DISK, 4_500, 2)).as("2250 a connection").isEmpty();
        assertThat(DurabilityCheck.check(true, DISK, 16_400, 4)).isPresent();
    }

    @Test
    void anHonestRateAndTheMarginAreNotWarned() {
        assertThat(DurabilityCheck.check(true, DISK, 1_500, 1)).isEmpty();
        assertThat(DurabilityCheck.check(true, DISK, 4_000, 1)).as("exactly at the margin").isEmpty();
    }

    /**
     * A blkio cap of 200 writes a second: each 100 ms slice's first writes go at the disk's speed,
     * so the median stays the disk's (0.1 ms: 10,000 a second), but 150 writes took 1.5 s.
     */
    private static final Storage.FlushLatency THROTTLED = new Storage.FlushLatency(150, 0.1, 98.0, 99.5, 100.0);

    @Test
    void aThrottleThatOnlyTheSustainedRateShowsBoundsTheCheck() {
        assertThat(DurabilityCheck.flushesPerSecond(THROTTLED)).isEqualTo(100.0);
        Warning w = DurabilityCheck.check(true, THROTTLED, 1_500, 1).orElseThrow();
        assertThat(w.figure()).isEqualTo(1_500);
        assertThat(w.message()).isEqualTo("1500 commits a second per connection, but the storage flushes in 0.100 ms"
                + " (p50, 150 writes, 100 a second sustained), at most 100 a second: above 2x that, the engine is not"
                + " waiting for the disk though its profile flushes every commit");
        assertThat(DurabilityCheck.check(true, new Storage.FlushLatency(150, 0.1, 98.0, 99.5), 1_500, 1))
                .as("the median alone allows 20,000").isEmpty();
        assertThat(DurabilityCheck.check(true, THROTTLED, 200, 1)).as("exactly at the margin").isEmpty();
        assertThat(DurabilityCheck.check(true, THROTTLED, 201, 1)).isPresent();
    }

    @Test
    void aSustainedRateAboveWhatTheMedianAllowsLeavesTheMediansBound() {
        Storage.FlushLatency steady = new Storage.FlushLatency(500, 0.5, 1.2, 3.0, 2_600.0);
        assertThat(DurabilityCheck.flushesPerSecond(steady)).isEqualTo(2_000.0);
        assertThat(DurabilityCheck.check(true, steady, 4_000, 1)).isEmpty();
        assertThat(DurabilityCheck.check(true, steady, 4_500, 1).orElseThrow().message())
                .contains("(p50, 500 writes, 2600 a second sustained), at most 2000 a second");
    }

    @Test
    void onlyAProfileThatFlushesEveryCommitWithAFlushFigureAndARate() {
        assertThat(DurabilityCheck.check(false, DISK, 100_000, 1)).as("relaxed").isEmpty();
        assertThat(DurabilityCheck.check(true, null, 100_000, 1)).as("no probe").isEmpty();
        assertThat(DurabilityCheck.check(true, DISK, 0, 1)).as("nothing committed").isEmpty();
        assertThat(DurabilityCheck.check(true, new Storage.FlushLatency(1, 0, 0, 0), 100_000, 1))
                .as("a flush too fast to time").isEmpty();
        assertThat(DurabilityCheck.check(true, new Storage.FlushLatency(1, 0, 0, 0, 50.0), 101, 1))
                .as("a median too fast to time, a sustained rate that is not").isPresent();
    }
}
