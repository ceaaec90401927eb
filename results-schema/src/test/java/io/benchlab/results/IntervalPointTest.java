package io.benchlab.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** An interval is built by naming what it holds; what is not named is zero, and the JSON has every field. */
class IntervalPointTest {

    @Test
    void eachFigureLandsInItsOwnField() {
        IntervalLatency commit = new IntervalLatency(7, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6);
        IntervalPoint p = IntervalPoint.of(2, 1.5, 0.5).committed(7).failed(3).retried(2).tps(14)
                .latencyMs(1, 2, 3, 4, 5, 6).reconnects(1).statements(Map.of("commit", commit)).offeredTps(20.0)
                .build();
        assertThat(p).isEqualTo(new IntervalPoint(2, 1.5, 0.5, 7, 3, 2, 14, 1, 2, 3, 4, 5, 6, 1,
                Map.of("commit", commit), 20.0));
    }

    @Test
    void whatIsNotNamedIsZero() {
        assertThat(IntervalPoint.of(1, 2.0, 1.0).committed(5).build())
                .isEqualTo(new IntervalPoint(1, 2.0, 1.0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null));
    }

    @Test
    void aWarmupIntervalHoldsItsCommitsAndTheirRateOnly() {
        assertThat(IntervalPoint.warmup(0.75, 0.25, 10))
                .isEqualTo(new IntervalPoint(1, 0.75, 0.25, 10, 0, 0, 40.0, 0, 0, 0, 0, 0, 0, 0, Map.of(), null));
    }

    @Test
    void theTransactionsLatencyTakesThePercentilesNotTheCount() {
        IntervalPoint p = IntervalPoint.of(1, 1, 1).latency(new IntervalLatency(99, 1, 2, 3, 4, 5, 6)).build();
        assertThat(p.committed()).isZero();
        assertThat(new double[] {p.p50Ms(), p.p90Ms(), p.p95Ms(), p.p99Ms(), p.p999Ms(), p.maxMs()})
                .containsExactly(1, 2, 3, 4, 5, 6);
        assertThat(ResultJson.mapper().valueToTree(p).fieldNames()).toIterable().containsExactly("round", "t",
                "seconds", "committed", "failed", "retried", "tps", "p50_ms", "p90_ms", "p95_ms", "p99_ms", "p999_ms",
                "max_ms", "reconnects", "statements");
    }

    /** Offered beside achieved under a schedule; an unpaced interval has no offered rate, and its JSON no field. */
    @Test
    void theOfferedRateIsWrittenOnlyWhenThereIsOne() {
        IntervalPoint paced = IntervalPoint.of(1, 1, 1).committed(90).tps(90).offeredTps(100.0).build();
        assertThat(ResultJson.mapper().valueToTree(paced).path("offered_tps").asDouble()).isEqualTo(100.0);
        IntervalPoint flatOut = IntervalPoint.of(1, 1, 1).committed(90).tps(90).build();
        assertThat(ResultJson.mapper().valueToTree(flatOut).has("offered_tps")).isFalse();
    }
}
