package io.benchlab.lab.it;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.WriteApiBlocking;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.client.write.Point;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A finished run's points as results-schema's influx-measurements.md has them, written here from
 * its result file: {@code benchlab_run} with the result without intervals, and a
 * {@code benchlab_interval} point of type transaction per measured interval. The real sink streams
 * them while the run goes on (and adds p90, p95, p99.9 and the statement types); this fixture
 * stands in for it until then, and is the one place to swap for a streamed run.
 */
final class InfluxRunFixture {

    private InfluxRunFixture() {
    }

    static void write(String url, String token, RunResult r) throws JsonProcessingException {
        Instant finished = Instant.parse(r.timestamps().finished());
        List<Point> points = new ArrayList<>();
        RunResult withoutIntervals = new RunResult(r.schemaVersion(), r.runId(), r.status(), r.cause(), r.warnings(),
                r.timestamps(), r.knobs(), r.engine(), r.environment(), r.placement(), r.load(), r.warmup(),
                r.figures(), r.rounds(), List.of(), r.consistency());
        points.add(identity(Point.measurement("benchlab_run"), r).addTag("status", r.status().json())
                .addField("tps", r.figures().tps()).addField("committed", r.figures().committed())
                .addField("failed", r.figures().failed()).addField("p99_ms", r.figures().latency().p99Ms())
                .addField("seed", r.knobs().seed()).addField("knobs", ResultJson.mapper().writeValueAsString(r.knobs()))
                .addField("result", ResultJson.write(withoutIntervals)).time(finished, WritePrecision.NS));
        Instant end = Instant.parse(r.timestamps().measuredStart());
        for (IntervalPoint p : r.intervals()) {
            end = end.plusNanos(Math.round(p.seconds() * 1e9)); // rounds follow each other
            points.add(identity(Point.measurement("benchlab_interval"), r).addTag("round", "" + p.round())
                    .addTag("type", "transaction").addField("t", p.t()).addField("seconds", p.seconds())
                    .addField("count", p.committed()).addField("tps", p.tps()).addField("p50_ms", p.p50Ms())
                    .addField("p99_ms", p.p99Ms()).addField("max_ms", p.maxMs()).addField("failed", p.failed())
                    .addField("retried", p.retried()).addField("reconnects", p.reconnects())
                    .time(end, WritePrecision.NS));
        }
        try (InfluxDBClient client = InfluxDBClientFactory.create(url, token.toCharArray(), "benchlab", "benchlab")) {
            WriteApiBlocking write = client.getWriteApiBlocking();
            write.writePoints(points);
        }
    }

    private static Point identity(Point p, RunResult r) {
        return p.addTag("run_id", r.runId()).addTag("engine", r.engine().name()).addTag("profile", r.engine().profile())
                .addTag("clients", "" + r.knobs().clients()).addTag("backend", r.placement().backend())
                .addTag("workload", r.knobs().workload());
    }
}
