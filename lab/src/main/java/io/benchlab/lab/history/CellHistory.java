package io.benchlab.lab.history;

import io.benchlab.lab.compare.Metric;
import io.benchlab.lab.influx.InfluxRuns;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.RunIdentity;
import io.benchlab.runner.sink.influx.InfluxPoints;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One cell's history in InfluxDB: its runs read as nights, and its change points written back. */
public final class CellHistory {

    private final InfluxSettings influx;
    private final Map<String, String> tags;
    private final Metric metric;
    private final List<RunResult> runs;
    private final List<Night> nights;

    private CellHistory(InfluxSettings influx, Map<String, String> tags, Metric metric, List<RunResult> runs,
                        List<Night> nights) {
        this.influx = influx;
        this.tags = tags;
        this.metric = metric;
        this.runs = runs;
        this.nights = nights;
    }

    /** The ok runs whose tags match, which must be of one cell (and one node fingerprint unless allowed). */
    public static CellHistory read(InfluxSettings influx, String engine, String profile, Integer clients, String backend,
                                   Metric metric, boolean allowNodeChange) {
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("engine", engine);
        if (profile != null) {
            tags.put("profile", profile);
        }
        if (clients != null) {
            tags.put("clients", clients.toString());
        }
        if (backend != null) {
            tags.put("backend", backend);
        }
        List<String> unreadable = new ArrayList<>();
        List<RunResult> runs;
        try (InfluxRuns reader = new InfluxRuns(influx)) {
            runs = reader.runs(tags, unreadable);
        }
        if (runs.isEmpty()) {
            throw new BadInputException("no ok run in bucket " + influx.bucket() + " at " + influx.url() + " has "
                    + describe(tags) + (unreadable.isEmpty() ? "" : " (" + unreadable.size()
                    + " whose result does not read: " + String.join(", ", unreadable) + ")"));
        }
        return new CellHistory(influx, tags, metric, runs, CellNights.of(runs, metric, allowNodeChange));
    }

    public List<Night> nights() {
        return nights;
    }

    public String describe() {
        RunResult r = runs.get(0);
        return r.engine().name() + " " + r.engine().profile() + ", " + r.placement().backend() + ", "
                + r.knobs().clients() + " clients, scale " + r.knobs().scale() + ": " + metric.key;
    }

    /** Writes the change points as the cell's annotations, in place of those an earlier judgement wrote. */
    public void annotate(List<ChangePoint> points) {
        Map<String, RunResult> byId = new LinkedHashMap<>();
        runs.forEach(r -> byId.put(r.runId(), r));
        List<String> lines = new ArrayList<>();
        for (ChangePoint c : points) {
            RunResult after = byId.get(c.after().runId());
            lines.add(InfluxPoints.changePoint(RunIdentity.of(after), Instant.parse(after.timestamps().finished()),
                    metric.key, c.meanBefore(), c.meanAfter(), c.change(), c.pValue(),
                    HistoryReport.annotation(metric.key, c)));
        }
        Map<String, String> cell = new LinkedHashMap<>();
        RunIdentity id = RunIdentity.of(runs.get(0));
        cell.put("engine", id.engine());
        cell.put("profile", id.profile());
        cell.put("clients", Integer.toString(id.clients()));
        cell.put("backend", id.backend());
        try (InfluxRuns writer = new InfluxRuns(influx)) {
            writer.replaceChangePoints(cell, metric.key, lines);
        }
    }

    private static String describe(Map<String, String> tags) {
        List<String> parts = new ArrayList<>();
        tags.forEach((k, v) -> parts.add(k + " " + v));
        return String.join(", ", parts);
    }
}
