package io.benchlab.lab.backend;

import io.benchlab.results.Storage;
import io.benchlab.results.Warning;
import java.util.Locale;
import java.util.Optional;

/**
 * A profile that flushes at every commit cannot commit, on one connection, faster than its
 * storage flushes: each commit waits for at least one flush, and the connection waits for the
 * commit. Commits per connection faster than that say the engine is not waiting for the disk (its
 * flushes are made to return at once, or the storage lies about them).
 *
 * <p>The bound is {@link #MARGIN} times 1 / the probe's median flush: the probe times flushes of an
 * idle disk before the load, and a disk can flush faster under a steady stream of writes than the
 * median of a short probe says (measured here: medians of 0.08 to 0.10 ms on one virtual disk from
 * one probe to the next, and p99 twice the median); a commit that needs two flushes (a redo log and
 * a binary log) only lowers the honest rate, so the margin never warns of an honest run.
 */
public final class DurabilityCheck {

    public static final String CODE = "durability_unverified";
    public static final double MARGIN = 2.0;

    private DurabilityCheck() {
    }

    /**
     * The warning, when a profile that flushes every commit committed, per connection, more than
     * {@link #MARGIN} / p50 flush latency a second; empty without a flush figure or a rate.
     */
    public static Optional<Warning> check(boolean flushesEveryCommit, Storage.FlushLatency flush, double tps,
                                          int clients) {
        if (!flushesEveryCommit || flush == null || flush.p50Ms() <= 0 || clients <= 0 || !(tps > 0)) {
            return Optional.empty();
        }
        double perConnection = tps / clients;
        double honest = 1000.0 / flush.p50Ms();
        if (perConnection <= MARGIN * honest) {
            return Optional.empty();
        }
        return Optional.of(new Warning(CODE, Math.round(perConnection * 10) / 10.0, String.format(Locale.ROOT,
                "%.0f commits a second per connection, but the storage flushes in %.3f ms (p50, %d writes), at most"
                        + " %.0f a second: above %.0fx that, the engine is not waiting for the disk though its profile"
                        + " flushes every commit", perConnection, flush.p50Ms(), flush.writes(), honest, MARGIN)));
    }
}
