package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

/**
 * The collector's reads on a clock the test drives: the exact grid points of a round, with reads
 * on time, one late, and one so late that the grid starts again; the warm-up's reads; a stop.
 * (IntervalSeriesTest runs the same on the real clock, with real clients.)
 */
class IntervalReporterTest {

    private static final long MS = 1_000_000L;
    /** An origin below zero, as the nano clock's may be: the round crosses zero. */
    private static final long ORIGIN = -1_234 * MS;
    private static final long INTERVAL = 500 * MS;

    /**
     * A clock that moves only when the collector waits: by the whole wait (plus the lateness set for
     * a wake due at that point), or to the clients' finish when that comes first.
     */
    static final class ManualTicker implements Ticker {
        long now = ORIGIN;
        long finishAt = RoundPlan.NO_END;
        final Map<Long, Long> lateWakes = new HashMap<>();
        final List<Long> waits = new ArrayList<>();

        @Override
        public long nanos() {
            return now;
        }

        @Override
        public boolean await(CountDownLatch done, long nanos) {
            waits.add(nanos);
            long wake = now + nanos;
            if (finishAt != RoundPlan.NO_END && finishAt - wake <= 0) {
                now = Math.max(now, finishAt);
                done.countDown();
                return true;
            }
            now = wake + lateWakes.getOrDefault(wake - ORIGIN, 0L);
            return false;
        }
    }

    /** The reads, in milliseconds from the origin: {from, to}. */
    private final List<List<Long>> reads = new ArrayList<>();
    private final ManualTicker ticker = new ManualTicker();
    private boolean leftBehind;

    private IntervalReporter reporter() {
        return new IntervalReporter(ticker, INTERVAL, () -> leftBehind);
    }

    private void read(long from, long to) {
        reads.add(List.of((from - ORIGIN) / MS, (to - ORIGIN) / MS));
    }

    /** A round measured for 2 s from the origin, without warm-up or rate. */
    private static RoundPlan twoSeconds() {
        return new RoundPlan(ORIGIN, ORIGIN, ORIGIN + 2_000 * MS, RoundPlan.NO_END, Long.MAX_VALUE, 0);
    }

    private long measure(RoundPlan plan, long clientsFinishMs) throws InterruptedException {
        ticker.finishAt = ORIGIN + clientsFinishMs * MS;
        return reporter().measure(plan, new CountDownLatch(1), () -> ticker.finishAt, this::read) - ORIGIN;
    }

    @Test
    void onTimeReadsFallOnTheGridAndTheLastRunsToTheRoundsEnd() throws Exception {
        long end = measure(twoSeconds(), 2_003);
        assertThat(reads).containsExactly(List.of(0L, 500L), List.of(500L, 1_000L), List.of(1_000L, 1_500L),
                List.of(1_500L, 2_003L));
        assertThat(end).isEqualTo(2_003 * MS);
        assertThat(ticker.waits).as("never a wait longer than the poll").allMatch(w -> w <= IntervalReporter.POLL_NANOS);
    }

    @Test
    void aLateReadDoesNotPushTheLaterOnesBack() throws Exception {
        ticker.lateWakes.put(1_000 * MS, 100 * MS);
        ticker.lateWakes.put(1_500 * MS, 20 * MS);
        measure(twoSeconds(), 2_001);
        assertThat(reads).containsExactly(List.of(0L, 500L), List.of(500L, 1_100L), List.of(1_100L, 1_520L),
                List.of(1_520L, 2_001L));
    }

    @Test
    void aReadLateByHalfAnIntervalStartsTheGridAgainFromItself() throws Exception {
        ticker.lateWakes.put(1_000 * MS, 250 * MS);
        measure(twoSeconds(), 2_002);
        // The next is due at 1.75 s, not 1.5 s (half an interval after this one); the one after
        // that, near the end, waits for the clients to finish.
        assertThat(reads).containsExactly(List.of(0L, 500L), List.of(500L, 1_250L), List.of(1_250L, 1_750L),
                List.of(1_750L, 2_002L));
    }

    @Test
    void aRoundWithoutAnEndKeepsItsGridUntilTheClientsFinish() throws Exception {
        RoundPlan counted = new RoundPlan(ORIGIN, ORIGIN, RoundPlan.NO_END, RoundPlan.NO_END, 1_000, 0);
        long end = measure(counted, 1_234);
        assertThat(reads).containsExactly(List.of(0L, 500L), List.of(500L, 1_000L), List.of(1_000L, 1_234L));
        assertThat(end).isEqualTo(1_234 * MS);
    }

    @Test
    void clientsThatFinishBeforeTheMeasuredStartEndTheRoundThere() throws Exception {
        RoundPlan plan = new RoundPlan(ORIGIN, ORIGIN + 1_000 * MS, ORIGIN + 3_000 * MS, RoundPlan.NO_END,
                Long.MAX_VALUE, 0);
        ticker.finishAt = ORIGIN + 700 * MS;
        CountDownLatch done = new CountDownLatch(1);
        reporter().warmUp(plan, done, this::read);
        long end = reporter().measure(plan, done, () -> ticker.finishAt, this::read) - ORIGIN;
        assertThat(reads).containsExactly(List.of(0L, 500L));
        assertThat(end).as("no measured time").isEqualTo(1_000 * MS);
    }

    @Test
    void theWarmupIsReadEveryIntervalAndLastAtTheMeasuredStart() throws Exception {
        RoundPlan plan = new RoundPlan(ORIGIN, ORIGIN + 1_200 * MS, ORIGIN + 2_200 * MS, RoundPlan.NO_END,
                Long.MAX_VALUE, 0);
        ticker.lateWakes.put(500 * MS, 30 * MS);
        reporter().warmUp(plan, new CountDownLatch(1), this::read);
        // The warm-up keeps no grid: each interval counts from the last read.
        assertThat(reads).containsExactly(List.of(0L, 530L), List.of(530L, 1_030L), List.of(1_030L, 1_200L));
        assertThat(ticker.now - ORIGIN).isEqualTo(1_200 * MS);
    }

    @Test
    void aStopThatLeftTheClientsBehindEndsTheRoundAtOnce() throws Exception {
        ticker.lateWakes.put(750 * MS, 10 * MS);
        IntervalReporter reporter = new IntervalReporter(ticker, INTERVAL, () -> ticker.now - ORIGIN >= 700 * MS);
        long end = reporter.measure(twoSeconds(), new CountDownLatch(1), () -> 0L, this::read) - ORIGIN;
        assertThat(reads).containsExactly(List.of(0L, 500L), List.of(500L, 760L));
        assertThat(end).isEqualTo(760 * MS);
    }
}
