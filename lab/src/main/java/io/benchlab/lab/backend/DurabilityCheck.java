package io.benchlab.lab.backend;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Storage;
import io.benchlab.results.Warning;
import java.util.Locale;
import java.util.Optional;
import java.util.function.BooleanSupplier;

/**
 * A profile that flushes at every commit cannot commit, on one connection, faster than its
 * storage flushes: each commit waits for at least one flush, and the connection waits for the
 * commit. Commits per connection faster than that say the engine is not waiting for the disk (its
 * flushes are made to return at once, or the storage lies about them).
 *
 * <p>How fast the storage flushes is the lower of two figures of the probe: 1 / its median flush,
 * and its sustained rate (its writes over its whole time). The median alone hides a throttle: a
 * cgroup blkio cap of N writes a second lets each 100 ms slice's first writes through at the disk's
 * speed and holds the rest to the slice's end, so at 200 a second most flushes are as fast as the
 * disk's own and only p99 and the sustained rate show the cap. A probe from before the rate was
 * recorded is judged by its median alone.
 *
 * <p>The bound is {@link #MARGIN} times that. Group commit needs no allowance of its own: it lets
 * several connections' commits share one flush, which is why the rate is judged per connection,
 * but a connection's next commit still waits for a flush that starts after its commit record. The
 * margin is for the probe: it times flushes of an idle disk for at most 1.5 s before the load, and a
 * disk can flush faster under a steady stream of writes than that says (measured here: medians of
 * 0.08 to 0.10 ms on one virtual disk from one probe to the next, and p99 twice the median); under a
 * throttle, which counts the device's writes and not flushes, a commit's flush (an append to a log)
 * may cost it fewer writes than the probe's rewrite of one block. It is kept at 2, as it was for
 * the median alone: a commit that needs two flushes (a redo log and a binary log) only lowers the
 * honest rate, so the margin never warns of an honest run.
 */
public final class DurabilityCheck {

    public static final String CODE = "durability_unverified";
    public static final double MARGIN = 2.0;

    private DurabilityCheck() {
    }

    /**
     * RESULT with the warning added when its database's storage was probed (a server the docker or
     * kubernetes backend started) and the check warns; else as it is. FLUSHES_EVERY_COMMIT: whether
     * the run's profile does, asked only then (an in-process engine has no image to ask). The one
     * place the check is applied, for every backend.
     */
    public static RunResult warned(RunResult result, BooleanSupplier flushesEveryCommit) {
        Placement.Side db = result.placement() == null ? null : result.placement().database();
        if (result.figures() == null || db == null || db.storage() == null) {
            return result;
        }
        return result.withMoreWarnings(check(flushesEveryCommit.getAsBoolean(), db.storage().flush(),
                result.figures().tps(),
                result.knobs().clients()).stream().toList());
    }

    /**
     * The warning, when a profile that flushes every commit committed, per connection, more than
     * {@link #MARGIN} times {@link #flushesPerSecond} a second; empty without a flush figure or a rate.
     */
    public static Optional<Warning> check(boolean flushesEveryCommit, Storage.FlushLatency flush, double tps,
                                          int clients) {
        if (!flushesEveryCommit || flush == null || clients <= 0 || !(tps > 0)) {
            return Optional.empty();
        }
        double honest = flushesPerSecond(flush);
        double perConnection = tps / clients;
        if (Double.isInfinite(honest) || perConnection <= MARGIN * honest) {
            return Optional.empty();
        }
        String sustained = flush.writesPerSecond() == null ? ""
                : String.format(Locale.ROOT, ", %.0f a second sustained", flush.writesPerSecond());
        return Optional.of(new Warning(CODE, Math.round(perConnection * 10) / 10.0, String.format(Locale.ROOT,
                "%.0f commits a second per connection, but the storage flushes in %.3f ms (p50, %d writes%s), at most"
                        + " %.0f a second: above %.0fx that, the engine is not waiting for the disk though its profile"
                        + " flushes every commit", perConnection, flush.p50Ms(), flush.writes(), sustained, honest,
                MARGIN)));
    }

    /**
     * Flushes a second the probe allows: the lower of 1 / its median and its sustained rate (either
     * left out when not measured or too fast to time; infinite when neither is there).
     */
    public static double flushesPerSecond(Storage.FlushLatency flush) {
        double byMedian = flush.p50Ms() > 0 ? 1000.0 / flush.p50Ms() : Double.POSITIVE_INFINITY;
        Double rate = flush.writesPerSecond();
        return rate != null && rate > 0 ? Math.min(byMedian, rate) : byMedian;
    }
}
