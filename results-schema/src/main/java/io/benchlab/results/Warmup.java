package io.benchlab.results;

/**
 * The warm-up phase, reported apart and excluded from every figure. Under a rate limit,
 * {@code missedStarts} counts the warm-up's scheduled transactions that had not started when
 * the measured phase began: they are dropped, so the warm-up's backlog is not billed to it.
 * {@code ended} says why it ended: {@code settled} (the client was warm), {@code bound} (the
 * longest warm-up came first), {@code explicit} (a --warmup given), {@code pods} (client pods'
 * fixed warm-up), {@code stopped}; null in results from before it was recorded.
 */
public record Warmup(double seconds, long committed, long failed, long missedStarts, String ended) {

    /** What a warm-up's end is called when it was settled: the client was warm. */
    public static final String SETTLED = "settled";

    /** What a warm-up's end is called when it lasted the --warmup given. */
    public static final String EXPLICIT = "explicit";

    public Warmup(double seconds, long committed, long failed, long missedStarts) {
        this(seconds, committed, failed, missedStarts, null);
    }
}
