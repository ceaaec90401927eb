package io.benchlab.runner.sink.influx;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Warning;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.sink.Phase;
import io.benchlab.runner.sink.ResultSink;
import io.benchlab.runner.sink.RunEvent;
import io.benchlab.runner.sink.RunIdentity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

/**
 * Streams a run to InfluxDB 2.x as {@code influx-measurements.md} says: interval and event points
 * live ({@link Scope#LIVE}, from the process that runs the clients), the round and run points once
 * with the complete result ({@link Scope#SUMMARY}, from whoever completes it), or both. The
 * collector only turns a call into lines and hands them to the {@link PointSpool}; the
 * {@link InfluxWriter}'s thread sends them. A run never fails because of InfluxDB: what went
 * wrong becomes a warning in the result, and points that could not be sent are kept on disk.
 */
public final class InfluxSink implements ResultSink {

    /** Which points this sink writes. */
    public enum Scope {
        LIVE, SUMMARY, ALL;

        boolean live() {
            return this != SUMMARY;
        }

        boolean summary() {
            return this != LIVE;
        }
    }

    private final InfluxSettings settings;
    private final Scope scope;
    private final Consumer<String> warn;
    private final Map<Integer, Instant> roundStarts = new ConcurrentHashMap<>();
    private volatile RunIdentity identity;
    private PointSpool spool;
    private InfluxWriter writer;
    private long lost;
    private boolean closed;

    /** {@code warn} takes one line for the console: what was kept where, when the run ends with points unsent. */
    public InfluxSink(InfluxSettings settings, Scope scope, Consumer<String> warn) {
        this.settings = settings;
        this.scope = scope;
        this.warn = warn;
    }

    @Override
    public void open(RunIdentity id) {
        identity = id;
        start(id.runId());
    }

    @Override
    public void onInterval(Phase phase, IntervalPoint point) {
        RunIdentity id = identity;
        if (phase != Phase.MEASURED || !scope.live() || id == null) {
            return;
        }
        Instant start = roundStarts.computeIfAbsent(point.round(),
                r -> Instant.now().minusNanos(Math.round(point.t() * 1e9)));
        add(InfluxPoints.interval(id, point, start));
    }

    @Override
    public void onEvent(RunEvent event) {
        RunIdentity id = identity;
        if (event.kind() == RunEvent.Kind.MEASURED) {
            roundStarts.put(event.round(), event.at());
        }
        // The pods of a split run start their phases together: pod 0's events mark them for all.
        if (scope.live() && id != null && (id.clientPod() == null || id.clientPod() == 0)) {
            add(List.of(InfluxPoints.event(id, event)));
        }
    }

    @Override
    public void onServerInterval(ServerStats.Interval interval) {
        RunIdentity id = identity;
        Instant start = roundStarts.get(interval.round());
        if (scope.live() && id != null && start != null) {
            add(InfluxPoints.server(id, interval, start));
        }
    }

    /** Gives the writer {@link Defaults#INFLUX_FLUSH_WAIT} to send the live points, then says what went wrong. */
    @Override
    public List<Warning> notes() {
        InfluxWriter w = writerOrNull();
        if (w == null) {
            return List.of();
        }
        try {
            w.awaitSent(Defaults.INFLUX_FLUSH_WAIT);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return warnings(w.health());
    }

    @Override
    public void onFinish(RunResult result) {
        if (scope.summary()) {
            start(result.runId());
            add(InfluxPoints.summary(result));
        }
    }

    /** Sends what is left for {@link Defaults#INFLUX_FLUSH_WAIT} at most, then keeps the rest on disk. */
    @Override
    public synchronized void close() {
        if (closed || writer == null) {
            closed = true;
            return;
        }
        closed = true;
        boolean interrupted = Thread.interrupted();
        try {
            writer.awaitSent(Defaults.INFLUX_FLUSH_WAIT);
            writer.stop();
        } catch (InterruptedException e) {
            interrupted = true;
        }
        List<Path> kept = spool.persist();
        if (!kept.isEmpty()) {
            warn.accept("InfluxDB at " + settings.describe() + " did not take every point of the run: they are kept in "
                    + spool.dir() + " and sent first by the next run that streams to the same URL, org and bucket");
        }
        if (lost > 0) {
            warn.accept(lost + " points for InfluxDB could not be kept in " + spool.dir() + " and are lost");
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Starts the spool (taking over earlier runs' leftovers) and the writer, once. */
    private synchronized void start(String runId) {
        if (writer != null || closed) {
            return;
        }
        spool = new PointSpool(settings.spillDir(), runId, settings.bufferPoints());
        try {
            long adopted = spool.adopt();
            if (adopted > 0) {
                warn.accept("sending " + adopted + " points an earlier run left unsent in " + spool.dir());
            }
        } catch (IOException e) {
            warn.accept("cannot read the InfluxDB spill folder " + spool.dir() + ": " + e.getMessage());
        }
        writer = new InfluxWriter(settings, spool);
        writer.start();
    }

    private synchronized InfluxWriter writerOrNull() {
        return writer;
    }

    /** Never throws into the caller (the collector): a full disk loses points, counted, not the run. */
    private void add(List<String> lines) {
        PointSpool s;
        InfluxWriter w;
        synchronized (this) {
            s = spool;
            w = writer;
        }
        if (s == null) {
            return;
        }
        try {
            s.add(lines);
            w.wake();
        } catch (UncheckedIOException e) {
            synchronized (this) {
                lost += lines.size();
            }
        }
    }

    private List<Warning> warnings(InfluxWriter.Health h) {
        List<Warning> out = new ArrayList<>();
        String where = "InfluxDB at " + settings.describe();
        long pending = spool.pending();
        String kept = " They are kept in " + spool.dir() + " and sent first by the next run that streams to the same"
                + " URL, org and bucket.";
        if (h.refused() != null) {
            out.add(new Warning("influx_refused", pending, where + " refused the points (" + h.refused() + "): "
                    + pending + " points were not sent." + kept));
        } else if (h.outages() > 0) {
            String end = pending == 0 ? " all of them were sent when it answered again, none lost."
                    : " " + pending + " points were still unsent when the result was written; what is unsent at the end is"
                            + " kept in " + spool.dir() + " and sent first by the next run that streams to the same URL,"
                            + " org and bucket.";
            out.add(new Warning("influx_outage", Math.round(h.downSeconds() * 10) / 10.0, String.format(Locale.ROOT,
                    "%s did not answer for %.1f s (%d outage%s); up to %d points waited for it (%d of them in spill"
                            + " files),%s", where, h.downSeconds(), h.outages(), h.outages() == 1 ? "" : "s",
                    h.maxBacklog(), spool.spilled(), end)));
        }
        if (h.rejected() > 0) {
            out.add(new Warning("influx_rejected", h.rejected(), where + " rejected " + h.rejected()
                    + " points as malformed (" + h.rejectedReason() + "); they were dropped."));
        }
        return out;
    }
}
