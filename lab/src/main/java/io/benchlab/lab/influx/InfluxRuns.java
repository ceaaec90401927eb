package io.benchlab.lab.influx;

import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.InfluxDBClientOptions;
import com.influxdb.exceptions.InfluxException;
import com.influxdb.query.FluxRecord;
import com.influxdb.query.FluxTable;
import io.benchlab.lab.compare.ComparedRun;
import io.benchlab.lab.compare.IntervalSample;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.Defaults;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.sink.influx.InfluxPoints;
import io.benchlab.runner.sink.influx.InfluxSettings;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import okhttp3.OkHttpClient;

/**
 * Runs read back from InfluxDB by run id, as results-schema's influx-measurements.md has them:
 * the result is {@code benchlab_run}'s {@code result} field (the result JSON without its
 * intervals), the intervals are the {@code benchlab_interval} points of type {@code transaction}.
 */
public final class InfluxRuns implements AutoCloseable {

    private final InfluxSettings connection;
    private final InfluxDBClient client;

    public InfluxRuns(InfluxSettings connection) {
        this.connection = connection;
        var http = new OkHttpClient.Builder().readTimeout(Defaults.INFLUX_QUERY_TIMEOUT)
                .connectTimeout(Defaults.INFLUX_QUERY_TIMEOUT);
        this.client = InfluxDBClientFactory.create(InfluxDBClientOptions.builder().url(connection.url().toString())
                .authenticateToken(connection.token().reveal().toCharArray()).org(connection.org())
                .bucket(connection.bucket()).okHttpClient(http).build());
    }

    /** The run with this id, its result and its intervals; one clear line when it cannot be read. */
    public ComparedRun read(String runId) {
        String run = "|> filter(fn: (r) => r._measurement == " + literal(InfluxPoints.RUN)
                + " and r.run_id == " + literal(runId)
                + " and r._field == \"result\")";
        FluxRecord latest = query(run).stream().flatMap(t -> t.getRecords().stream())
                .max(Comparator.comparing(FluxRecord::getTime, Comparator.nullsFirst(Instant::compareTo)))
                .orElseThrow(() -> new BadInputException("no run " + runId + " in bucket " + connection.bucket()
                        + " at " + connection.url()));
        RunResult result;
        try {
            result = ResultJson.read(String.valueOf(latest.getValue()));
        } catch (UncheckedIOException e) {
            throw new BadInputException("run " + runId + " in InfluxDB has a result that is not a run result: "
                    + e.getCause().getMessage().lines().findFirst().orElse(""));
        }
        String intervals = "|> filter(fn: (r) => r._measurement == " + literal(InfluxPoints.INTERVAL)
                + " and r.run_id == " + literal(runId) + " and r.type == " + literal(InfluxPoints.TRANSACTION) + ")"
                + " |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")";
        List<IntervalSample> points = new ArrayList<>();
        for (FluxTable t : query(intervals)) {
            for (FluxRecord r : t.getRecords()) {
                points.add(new IntervalSample(Integer.parseInt(String.valueOf(r.getValueByKey("round"))),
                        number(r, "t"), number(r, "seconds"), (long) number(r, "count"), (long) number(r, "failed"),
                        number(r, "tps"), number(r, "p50_ms"), number(r, "p95_ms"), number(r, "p99_ms")));
            }
        }
        return new ComparedRun(runId, result, points);
    }

    private List<FluxTable> query(String filter) {
        String flux = "from(bucket: " + literal(connection.bucket()) + ") |> range(start: 0) " + filter;
        try {
            return client.getQueryApi().query(flux);
        } catch (InfluxException e) {
            String why = e.status() == 401 ? "it refused the token (401)"
                    : e.status() == 404 ? "it has no bucket " + connection.bucket() + " in organization " + connection.org()
                    : e.status() > 0 ? "it answered " + e.status() + ": " + e.getMessage()
                    : "it does not answer: " + rootMessage(e);
            throw new BadInputException("cannot read runs from InfluxDB at " + connection.url() + ": " + why);
        }
    }

    private static double number(FluxRecord r, String field) {
        Object v = r.getValueByKey(field);
        return v instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** A Flux string literal: a run id is the user's text, so quotes and backslashes are escaped. */
    static String literal(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("${", "\\${") + "\"";
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
