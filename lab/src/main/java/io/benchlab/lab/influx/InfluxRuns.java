package io.benchlab.lab.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.benchlab.lab.LabDefaults;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.influx.InfluxPoints;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import okhttp3.OkHttpClient;

/**
 * The lab's reader of InfluxDB, as results-schema's influx-measurements.md has it: a run's result
 * is {@code benchlab_run}'s {@code result} field (the result JSON without its intervals). It also
 * writes lab history's change points, the one thing the lab writes there after the runs.
 */
public final class InfluxRuns implements AutoCloseable {

    private final InfluxSettings connection;
    private final InfluxDBClient client;

    public InfluxRuns(InfluxSettings connection) {
        this.connection = connection;
        var http = new OkHttpClient.Builder().readTimeout(LabDefaults.INFLUX_QUERY_TIMEOUT)
                .connectTimeout(LabDefaults.INFLUX_QUERY_TIMEOUT);
        this.client = InfluxDBClientFactory.create(InfluxDBClientOptions.builder().url(connection.url().toString())
                .authenticateToken(connection.token().reveal().toCharArray()).org(connection.org())
                .bucket(connection.bucket()).okHttpClient(http).build());
    }

    /** The result of the run with this id; one clear line when it cannot be read. */
    public RunResult read(String runId) {
        String run = "|> filter(fn: (r) => r._measurement == " + literal(InfluxPoints.RUN)
                + " and r.run_id == " + literal(runId)
                + " and r._field == \"result\")";
        FluxRecord latest = query(run).stream().flatMap(t -> t.getRecords().stream())
                .max(Comparator.comparing(FluxRecord::getTime, Comparator.nullsFirst(Instant::compareTo)))
                .orElseThrow(() -> new BadInputException("no run " + runId + " in bucket " + connection.bucket()
                        + " at " + connection.url()));
        return result(runId, latest);
    }

    /**
     * The results of every run whose identity tags have these values (the status ok), in the order
     * they finished; a result that does not read is left out and named in {@code unreadable}.
     */
    public List<RunResult> runs(Map<String, String> tags, List<String> unreadable) {
        StringBuilder filter = new StringBuilder("|> filter(fn: (r) => r._measurement == " + literal(InfluxPoints.RUN)
                + " and r._field == \"result\" and r.status == \"ok\"");
        tags.forEach((tag, value) -> filter.append(" and r.").append(tag).append(" == ").append(literal(value)));
        filter.append(")");
        List<FluxRecord> records = query(filter.toString()).stream().flatMap(t -> t.getRecords().stream())
                .sorted(Comparator.comparing(FluxRecord::getTime, Comparator.nullsFirst(Instant::compareTo))).toList();
        List<RunResult> results = new ArrayList<>();
        for (FluxRecord r : records) {
            try {
                results.add(ResultJson.read(String.valueOf(r.getValue())));
            } catch (UncheckedIOException e) {
                unreadable.add(String.valueOf(r.getValueByKey("run_id")));
            }
        }
        return results;
    }

    /**
     * Replaces the change points of a cell's metric: deletes what an earlier judgement of the cell
     * wrote, then writes these lines ({@code benchlab_change_point}, see influx-measurements.md).
     */
    public void replaceChangePoints(Map<String, String> cell, String metric, List<String> lines) {
        StringBuilder predicate = new StringBuilder("_measurement=\"" + InfluxPoints.CHANGE_POINT + "\"");
        cell.forEach((tag, value) -> predicate.append(" AND ").append(tag).append("=").append(quoted(value)));
        predicate.append(" AND metric=").append(quoted(metric));
        try {
            client.getDeleteApi().delete(OffsetDateTime.parse("1970-01-01T00:00:00Z"),
                    OffsetDateTime.now(ZoneOffset.UTC).plusYears(100), predicate.toString(), connection.bucket(),
                    connection.org());
            if (!lines.isEmpty()) {
                client.getWriteApiBlocking().writeRecords(connection.bucket(), connection.org(), WritePrecision.NS, lines);
            }
        } catch (InfluxException e) {
            throw new BadInputException("cannot write change points to InfluxDB at " + connection.url() + ": "
                    + why(e));
        }
    }

    /** A string in a delete predicate: double quotes, with quotes and backslashes escaped. */
    private static String quoted(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static RunResult result(String runId, FluxRecord record) {
        try {
            return ResultJson.read(String.valueOf(record.getValue()));
        } catch (UncheckedIOException e) {
            throw new BadInputException("run " + runId + " in InfluxDB has a result that is not a run result: "
                    + e.getCause().getMessage().lines().findFirst().orElse(""));
        }
    }

    private List<FluxTable> query(String filter) {
        String flux = "from(bucket: " + literal(connection.bucket()) + ") |> range(start: 0) " + filter;
        try {
            return client.getQueryApi().query(flux);
        } catch (InfluxException e) {
            throw new BadInputException("cannot read runs from InfluxDB at " + connection.url() + ": " + why(e));
        }
    }

    /** A Flux string literal: a run id is the user's text, so quotes and backslashes are escaped. */
    static String literal(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + "\"";
    }

    private String why(InfluxException e) {
        return e.status() == 401 ? "it refused the token (401)"
                : e.status() == 404 ? "it has no bucket " + connection.bucket() + " in organization " + connection.org()
                : e.status() > 0 ? "it answered " + e.status() + ": " + e.getMessage()
                : "it does not answer: " + rootMessage(e);
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }

    @Override
    public void close() {
        client.close();
    }
}
