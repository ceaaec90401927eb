package io.benchlab.runner.sink.influx;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import io.benchlab.results.Figures;
import io.benchlab.results.IntervalLatency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Latency;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.Warning;
import io.benchlab.runner.metrics.LatencySummary;
import io.benchlab.runner.sink.RunEvent;
import io.benchlab.runner.sink.RunIdentity;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A run's points in line protocol, exactly as {@code influx-measurements.md} (results-schema)
 * names them: the measurements, the identity tags on every point, the other tags and the fields
 * with their types. Pure: the same input makes the same lines.
 */
public final class InfluxPoints {

    public static final String INTERVAL = "benchlab_interval";
    public static final String EVENT = "benchlab_event";
    public static final String ROUND = "benchlab_round";
    public static final String RUN = "benchlab_run";
    public static final String CHANGE_POINT = "benchlab_change_point";
    public static final String SERVER = "benchlab_server";
    public static final String SERVER_WAIT = "benchlab_server_wait";
    public static final String SERVER_CONTAINER = "benchlab_server_container";
    /** The {@code type} tag of the transaction's interval points; statements use their result keys. */
    public static final String TRANSACTION = "transaction";
    /** The {@code result} field drops its latency histograms beyond this many characters. */
    static final int RESULT_FIELD_MAX = 60_000;

    private InfluxPoints() {
    }

    /** The transaction's point and one per statement type that ran, stamped at the interval's end. */
    public static List<String> interval(RunIdentity id, IntervalPoint p, Instant roundMeasuredStart) {
        Instant end = roundMeasuredStart.plusNanos(Math.round(p.t() * 1e9));
        List<String> lines = new ArrayList<>();
        Point transaction = intervalPoint(id, p, TRANSACTION, end, p.committed(), p.tps(), p.p50Ms(), p.p90Ms(),
                p.p95Ms(), p.p99Ms(), p.p999Ms(), p.maxMs())
                .addField("failed", p.failed()).addField("retried", p.retried()).addField("reconnects", p.reconnects());
        if (p.offeredTps() != null) {
            // Beside tps, so a board shows what the schedule offered against what the clients achieved.
            transaction.addField("offered_tps", (double) p.offeredTps());
        }
        lines.add(transaction.toLineProtocol());
        for (Map.Entry<String, IntervalLatency> e : p.statements().entrySet()) {
            IntervalLatency l = e.getValue();
            double tps = p.seconds() > 0 ? LatencySummary.round3(l.count() / p.seconds()) : 0.0;
            lines.add(intervalPoint(id, p, e.getKey(), end, l.count(), tps, l.p50Ms(), l.p90Ms(), l.p95Ms(), l.p99Ms(),
                    l.p999Ms(), l.maxMs()).toLineProtocol());
        }
        return lines;
    }

    private static Point intervalPoint(RunIdentity id, IntervalPoint p, String type, Instant end, long count,
                                       double tps, double p50, double p90, double p95, double p99, double p999, double max) {
        return tagged(INTERVAL, id, end).addTag("round", Integer.toString(p.round())).addTag("type", type)
                .addField("t", p.t()).addField("seconds", p.seconds()).addField("count", count)
                .addField("tps", tps)
                .addField("p50_ms", p50).addField("p90_ms", p90).addField("p95_ms", p95).addField("p99_ms", p99)
                .addField("p999_ms", p999).addField("max_ms", max);
    }

    /**
     * The database's side of an interval, stamped as the clients' interval it belongs to: one point
     * of its counters (deltas), and one per wait state seen in it.
     */
    public static List<String> server(RunIdentity id, ServerStats.Interval s, Instant roundMeasuredStart) {
        Instant end = roundMeasuredStart.plusNanos(Math.round(s.t() * 1e9));
        Point counters = tagged(SERVER, id, end).addTag("round", Integer.toString(s.round()))
                .addField("t", s.t()).addField("seconds", s.seconds());
        s.counters().forEach((name, delta) -> counters.addField(name, (long) delta));
        List<String> lines = new ArrayList<>(List.of(counters.toLineProtocol()));
        s.waits().forEach((wait, sessions) -> lines.add(tagged(SERVER_WAIT, id, end)
                .addTag("round", Integer.toString(s.round())).addTag("wait", wait)
                .addField("t", s.t()).addField("sessions", sessions).toLineProtocol()));
        if (s.container() != null) {
            lines.add(container(tagged(SERVER_CONTAINER, id, end).addTag("round", Integer.toString(s.round()))
                    .addField("t", s.t()), s.container()).toLineProtocol());
        }
        return lines;
    }

    /** The container's usage over the interval; a figure its source does not give is left out. */
    private static Point container(Point p, ServerStats.Container c) {
        p.addField("seconds", c.seconds()).addField("cpu_seconds", c.cpuSeconds())
                .addField("cpu_cores", c.seconds() > 0 ? LatencySummary.round3(c.cpuSeconds() / c.seconds()) : 0.0);
        optional(p, "memory_bytes", c.memoryBytes());
        optional(p, "io_read_bytes", c.ioReadBytes());
        optional(p, "io_write_bytes", c.ioWriteBytes());
        optional(p, "net_rx_bytes", c.netRxBytes());
        optional(p, "net_tx_bytes", c.netTxBytes());
        return p;
    }

    private static void optional(Point p, String field, Long value) {
        if (value != null) {
            p.addField(field, (long) value);
        }
    }

    public static String event(RunIdentity id, RunEvent e) {
        return tagged(EVENT, id, e.at()).addTag("event", e.kind().key())
                .addField("round", (long) e.round()).addField("text", e.text()).toLineProtocol();
    }

    /** One point per measured round, then the run's: written once, with the complete result. */
    public static List<String> summary(RunResult r) {
        RunIdentity id = RunIdentity.of(r);
        Instant finished = Instant.parse(r.timestamps().finished());
        List<String> lines = new ArrayList<>();
        for (Round round : r.rounds()) {
            Figures f = round.figures();
            lines.add(latency(tagged(ROUND, id, finished).addTag("round", Integer.toString(round.index()))
                    .addField("seconds", f.seconds())
                    .addField("committed", f.committed()).addField("failed", f.failed())
                    .addField("retried", f.retried()).addField("tps", f.tps()), f.latency()).toLineProtocol());
        }
        lines.add(run(id, r, finished).toLineProtocol());
        return lines;
    }

    private static Point run(RunIdentity id, RunResult r, Instant finished) {
        Figures f = r.figures();
        Point p = tagged(RUN, id, finished).addTag("status", r.status().json())
                .addField("seconds", f == null ? 0.0 : f.seconds())
                .addField("committed", f == null ? 0L : f.committed())
                .addField("failed", f == null ? 0L : f.failed())
                .addField("exhausted_retries", f == null ? 0L : f.exhaustedRetries())
                .addField("retried", f == null ? 0L : f.retried())
                .addField("tps", f == null ? 0.0 : f.tps());
        latency(p, f == null ? null : f.latency());
        return p.addField("warnings", (long) r.warnings().size())
                .addField("warning_codes", r.warnings().stream().map(Warning::code).collect(Collectors.joining(",")))
                .addField("cause", r.cause() == null ? "" : r.cause())
                .addField("scale", (long) r.knobs().scale())
                .addField("seed", r.knobs().seed())
                .addField("rate_tps", r.knobs().rateTps() == null ? 0.0 : r.knobs().rateTps())
                .addField("engine_version", r.engine() == null || r.engine().version() == null ? "" : r.engine().version())
                .addField("knobs", compact(ResultJson.mapper().valueToTree(r.knobs())))
                .addField("settings", compact(ResultJson.mapper().valueToTree(
                        r.engine() == null ? Map.of() : new java.util.TreeMap<>(r.engine().settings()))))
                .addField("given_settings", compact(ResultJson.mapper().valueToTree(
                        r.setup() == null ? Map.of() : r.setup().givenValues())))
                .addField("db_image", image(r.placement() == null ? null : r.placement().database()))
                .addField("runner_image", image(r.placement() == null ? null : r.placement().runner()))
                .addField("result", resultField(r));
    }

    /**
     * A change point that lab history found in a metric of a cell's nights, stamped at the first
     * night after it; {@code id} is that night's run. The same change point written again lands on
     * the same point. A change from a mean of 0 (NaN) has no {@code change} field.
     */
    public static String changePoint(RunIdentity id, Instant at, String metric, double meanBefore, double meanAfter,
                                     double change, double pValue, String text) {
        Point p = tagged(CHANGE_POINT, id, at).addTag("metric", metric).addField("mean_before", meanBefore)
                .addField("mean_after", meanAfter).addField("p_value", pValue).addField("text", text);
        return (Double.isNaN(change) ? p : p.addField("change", change)).toLineProtocol();
    }

    private static Point latency(Point p, Latency l) {
        return p.addField("p50_ms", l == null ? 0.0 : l.p50Ms()).addField("p90_ms", l == null ? 0.0 : l.p90Ms())
                .addField("p95_ms", l == null ? 0.0 : l.p95Ms()).addField("p99_ms", l == null ? 0.0 : l.p99Ms())
                .addField("p999_ms", l == null ? 0.0 : l.p999Ms()).addField("max_ms", l == null ? 0.0 : l.maxMs());
    }

    private static Point tagged(String measurement, RunIdentity id, Instant at) {
        Point p = Point.measurement(measurement).time(at, WritePrecision.NS)
                .addTag("run_id", id.runId()).addTag("engine", id.engine()).addTag("profile", id.profile())
                .addTag("clients", Integer.toString(id.clients())).addTag("backend", id.backend())
                .addTag("workload", id.workload());
        if (id.setup() != null) {
            p.addTag("setup", id.setup());
        }
        // Several client pods write the same run's live points: each its own series, which the boards add up.
        return id.clientPod() == null ? p : p.addTag("client_pod", Integer.toString(id.clientPod()));
    }

    /** {@link Placement#imageReference}, empty when that side did not run in a container. */
    private static String image(Placement.Side side) {
        String reference = Placement.imageReference(side);
        return reference == null ? "" : reference;
    }

    /**
     * The result without its intervals, the clients' and the server's (they are the interval and
     * server points), and without histograms when too long.
     */
    static String resultField(RunResult r) {
        // The series are points of their own (benchlab_interval, benchlab_server).
        ObjectNode tree = ResultJson.mapper().valueToTree(r.withoutIntervals());
        String json = compact(tree);
        if (json.length() <= RESULT_FIELD_MAX) {
            return json;
        }
        tree.findParents("histogram").forEach(parent -> ((ObjectNode) parent).remove("histogram"));
        return compact(tree);
    }

    private static String compact(JsonNode node) {
        try {
            return ResultJson.mapper().writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(node);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
