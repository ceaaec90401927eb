package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.influxdb.query.FluxRecord;
import io.benchlab.results.IntervalLatency;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.runner.it.InfluxServers;
import io.benchlab.runner.it.InfluxServers.Endpoint;
import java.util.List;
import java.util.Map;

/**
 * Reads a run back from InfluxDB by its run id, as {@code lab compare} will, and holds it against
 * the result JSON: every measured interval per round and type, the phase events, the rounds, and
 * the run point whose {@code result} field is the result without its intervals.
 */
final class InfluxReadBack {

    private InfluxReadBack() {
    }

    static void assertSameRun(Endpoint influx, RunResult r) {
        List<FluxRecord> intervals = influx.points("benchlab_interval", r.runId());
        assertThat(intervals).as("interval points of %s", r.runId())
                .hasSize(r.intervals().stream().mapToInt(i -> 1 + i.statements().size()).sum());
        for (FluxRecord p : intervals) {
            assertThat(InfluxServers.tag(p, "backend")).isEqualTo(r.placement().backend());
            assertThat(InfluxServers.tag(p, "engine")).isEqualTo(r.engine().name());
            assertThat(InfluxServers.tag(p, "profile")).isEqualTo(r.engine().profile());
            assertThat(InfluxServers.tag(p, "clients")).isEqualTo("" + r.knobs().clients());
        }
        for (IntervalPoint i : r.intervals()) {
            FluxRecord tx = find(intervals, i, "transaction");
            assertThat(((Number) tx.getValueByKey("count")).longValue()).isEqualTo(i.committed());
            assertThat(InfluxServers.number(tx, "tps")).isEqualTo(i.tps());
            assertThat(InfluxServers.number(tx, "p99_ms")).isEqualTo(i.p99Ms());
            assertThat(((Number) tx.getValueByKey("failed")).longValue()).isEqualTo(i.failed());
            assertThat(((Number) tx.getValueByKey("retried")).longValue()).isEqualTo(i.retried());
            for (Map.Entry<String, IntervalLatency> s : i.statements().entrySet()) {
                FluxRecord st = find(intervals, i, s.getKey());
                assertThat(((Number) st.getValueByKey("count")).longValue()).isEqualTo(s.getValue().count());
                assertThat(InfluxServers.number(st, "p95_ms")).isEqualTo(s.getValue().p95Ms());
            }
        }

        assertSameContainerSide(influx, r);

        List<FluxRecord> events = influx.points("benchlab_event", r.runId());
        assertThat(events.stream().map(e -> InfluxServers.tag(e, "event")).sorted().toList())
                .as("a warm-up, then each round's start and end")
                .isEqualTo(expectedEvents(r));

        List<FluxRecord> rounds = influx.points("benchlab_round", r.runId());
        assertThat(rounds).hasSize(r.rounds().size());
        for (Round round : r.rounds()) {
            FluxRecord p = rounds.stream().filter(x -> InfluxServers.tag(x, "round").equals("" + round.index()))
                    .findFirst().orElseThrow();
            assertThat(((Number) p.getValueByKey("committed")).longValue()).isEqualTo(round.figures().committed());
            assertThat(InfluxServers.number(p, "tps")).isEqualTo(round.figures().tps());
        }

        List<FluxRecord> runs = influx.points("benchlab_run", r.runId());
        assertThat(runs).hasSize(1);
        FluxRecord run = runs.get(0);
        assertThat(InfluxServers.tag(run, "status")).isEqualTo(r.status().json());
        assertThat(InfluxServers.number(run, "tps")).isEqualTo(r.figures().tps());
        assertThat(((Number) run.getValueByKey("committed")).longValue()).isEqualTo(r.figures().committed());
        assertThat(InfluxServers.number(run, "p99_ms")).isEqualTo(r.figures().latency().p99Ms());
        String field = (String) run.getValueByKey("result");
        RunResult back = ResultJson.read(field);
        if (field.contains("\"histogram\"")) {
            assertThat(back).as("the result field is the result without its intervals").isEqualTo(r.withoutIntervals());
        } else {
            // Past 60,000 characters the contract drops the histograms, and only them.
            assertThat(withoutHistograms(ResultJson.write(back))).as("the result field, histograms dropped")
                    .isEqualTo(withoutHistograms(ResultJson.write(r.withoutIntervals())));
        }
    }

    /** The database container's usage: a point per interval that has it, with the result's figures; none else. */
    private static void assertSameContainerSide(Endpoint influx, RunResult r) {
        List<ServerStats.Interval> read = r.serverStats() == null ? List.of()
                : r.serverStats().intervals().stream().filter(i -> i.container() != null).toList();
        List<FluxRecord> points = influx.points("benchlab_server_container", r.runId());
        assertThat(points).as("container points of %s", r.runId()).hasSize(read.size());
        for (ServerStats.Interval i : read) {
            FluxRecord p = points.stream().filter(x -> InfluxServers.tag(x, "round").equals("" + i.round())
                    && InfluxServers.number(x, "t") == i.t()).findFirst()
                    .orElseThrow(() -> new AssertionError("no container point at round " + i.round() + " t " + i.t()));
            assertThat(InfluxServers.number(p, "cpu_seconds")).isEqualTo(i.container().cpuSeconds());
            assertThat(((Number) p.getValueByKey("memory_bytes")).longValue()).isEqualTo(i.container().memoryBytes());
        }
    }

    private static List<String> expectedEvents(RunResult r) {
        List<String> out = new java.util.ArrayList<>();
        if (r.knobs().warmupSeconds() > 0) {
            out.add("warmup");
        }
        for (int i = 0; i < r.rounds().size(); i++) {
            out.add("end");
            out.add("measured");
        }
        return out.stream().sorted().toList();
    }

    private static FluxRecord find(List<FluxRecord> points, IntervalPoint i, String type) {
        return points.stream().filter(p -> InfluxServers.tag(p, "type").equals(type)
                        && InfluxServers.tag(p, "round").equals("" + i.round()) && InfluxServers.number(p, "t") == i.t())
                .findFirst().orElseThrow(() -> new AssertionError("no " + type + " point for round " + i.round()
                        + " at t=" + i.t()));
    }

    private static com.fasterxml.jackson.databind.JsonNode withoutHistograms(String json) {
        try {
            com.fasterxml.jackson.databind.JsonNode tree = ResultJson.mapper().readTree(json);
            tree.findParents("histogram").forEach(p -> ((com.fasterxml.jackson.databind.node.ObjectNode) p)
                    .remove("histogram"));
            return tree;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** As the run point's result field has it: without the clients' intervals and the server's. */
}
