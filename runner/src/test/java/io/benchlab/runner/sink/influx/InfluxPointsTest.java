package io.benchlab.runner.sink.influx;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.ServerStats;
import io.benchlab.results.SampleResults;
import io.benchlab.runner.sink.RunEvent;
import io.benchlab.runner.sink.RunIdentity;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The contract, influx-measurements.md, against what the sink writes for a full result: the
 * document's tables are read as data, and every point of every measurement must carry exactly the
 * documented tags and fields, with the documented types. Nothing missing, nothing extra.
 */
class InfluxPointsTest {

    /** A measurement's rows: name -> kind (tag, string, float, int, bool), and the fields that are transaction only. */
    record Documented(Map<String, String> kinds, Set<String> transactionOnly, Map<String, String> meanings) {
    }

    static Map<String, String> identity;
    static Map<String, Documented> contract;

    @BeforeAll
    static void readTheContract() throws IOException {
        String text;
        try (InputStream in = InfluxPointsTest.class.getResourceAsStream("/io/benchlab/results/influx-measurements.md")) {
            assertThat(in).as("the contract on the class path").isNotNull();
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        identity = new LinkedHashMap<>();
        contract = new LinkedHashMap<>();
        String section = null;
        Pattern heading = Pattern.compile("^## (.*)$");
        Pattern row = Pattern.compile("^\\| `([a-z0-9_]+)` \\| ([^|]*)\\|(?: (.*) \\|)?$");
        for (String line : text.split("\n")) {
            Matcher h = heading.matcher(line);
            if (h.matches()) {
                section = h.group(1).strip();
                continue;
            }
            Matcher r = row.matcher(line);
            if (section == null || !r.matches()) {
                continue;
            }
            if (section.startsWith("Identity tags")) {
                identity.put(r.group(1), "tag");
            } else if (section.startsWith("`benchlab_")) {
                Documented d = contract.computeIfAbsent(section.replace("`", ""),
                        k -> new Documented(new LinkedHashMap<>(), new HashSet<>(), new HashMap<>()));
                d.kinds().put(r.group(1), r.group(2).strip());
                String meaning = r.group(3) == null ? "" : r.group(3);
                d.meanings().put(r.group(1), meaning);
                if (meaning.startsWith("`transaction` only")) {
                    d.transactionOnly().add(r.group(1));
                }
            }
        }
        assertThat(identity).containsOnlyKeys("run_id", "engine", "profile", "clients", "backend", "workload");
        assertThat(contract).containsOnlyKeys(InfluxPoints.INTERVAL, InfluxPoints.EVENT, InfluxPoints.ROUND,
                InfluxPoints.RUN, InfluxPoints.CHANGE_POINT, InfluxPoints.SERVER, InfluxPoints.SERVER_WAIT,
                InfluxPoints.SERVER_CONTAINER);
    }

    /** Every line the sink writes for the full sample: live (intervals, events) and summary. */
    static List<LineProtocol> allPoints(RunResult r) {
        RunIdentity id = RunIdentity.of(r);
        Instant start = Instant.parse(r.timestamps().measuredStart());
        List<String> lines = new ArrayList<>();
        for (IntervalPoint p : r.intervals()) {
            lines.addAll(InfluxPoints.interval(id, p, start));
        }
        for (ServerStats.Interval s : r.serverStats().intervals()) {
            lines.addAll(InfluxPoints.server(id, s, start));
        }
        for (RunEvent.Kind kind : RunEvent.Kind.values()) {
            lines.add(InfluxPoints.event(id, new RunEvent(kind, kind == RunEvent.Kind.WARMUP ? 0 : 1, start)));
        }
        lines.addAll(InfluxPoints.summary(r));
        lines.add(InfluxPoints.changePoint(id, start, "tps", 1000.0, 950.0, -0.05, 1e-5, "tps -5.0%"));
        return lines.stream().map(LineProtocol::parse).toList();
    }

    @Test
    void everyPointCarriesExactlyTheDocumentedTagsAndFieldsWithTheirTypes() {
        // A run given no server settings: the set-up's tag is optional, as the client pod's (below).
        List<LineProtocol> points = allPoints(SampleResults.full().withSetup(null));
        assertThat(points.stream().map(LineProtocol::measurement).collect(Collectors.toSet()))
                .as("every documented measurement is written, and no other").isEqualTo(contract.keySet());
        for (LineProtocol p : points) {
            Documented d = contract.get(p.measurement());
            Set<String> tags = new HashSet<>(identity.keySet());
            Map<String, String> fields = new TreeMap<>();
            d.kinds().forEach((name, kind) -> {
                if (kind.equals("tag")) {
                    tags.add(name);
                } else if (!d.transactionOnly().contains(name) || "transaction".equals(p.tags().get("type"))) {
                    fields.put(name, kind);
                }
            });
            if (p.measurement().equals(InfluxPoints.SERVER)) {
                // A counter is a field of its own, named as the result's counters are: int, as documented.
                serverInterval(p).counters().keySet().forEach(name -> fields.put(name, "int"));
            }
            assertThat(p.tags().keySet()).as("tags of %s", p).isEqualTo(tags);
            assertThat(new TreeMap<>(p.types())).as("fields and types of %s", p).isEqualTo(fields);
        }
    }

    @Test
    void aClientPodsLivePointsCarryItsIndexAsTheContractSays() throws IOException {
        RunResult r = SampleResults.full();
        RunIdentity id = RunIdentity.of(r);
        RunIdentity pod = new RunIdentity(id.runId(), id.engine(), id.profile(), id.clients(), id.backend(),
                id.workload(), 1);
        Instant start = Instant.parse(r.timestamps().measuredStart());
        List<String> lines = new ArrayList<>(InfluxPoints.interval(pod, r.intervals().get(0), start));
        lines.add(InfluxPoints.event(pod, new RunEvent(RunEvent.Kind.MEASURED, 1, start)));
        for (String line : lines) {
            Set<String> tags = new HashSet<>(LineProtocol.parse(line).tags().keySet());
            assertThat(tags).as(line).contains("client_pod").containsAll(identity.keySet());
            assertThat(LineProtocol.parse(line).tags().get("client_pod")).isEqualTo("1");
        }
        try (InputStream in = InfluxPointsTest.class.getResourceAsStream("/io/benchlab/results/influx-measurements.md")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("| `client_pod` | the pod's index");
        }
        assertThat(InfluxPoints.summary(r)).as("the merged summary carries no pod").noneMatch(l -> l.contains("client_pod"));
    }

    @Test
    void aRunGivenServerSettingsTagsItsSummaryWithTheSetUpAndListsThemAsAField() throws IOException {
        RunResult r = SampleResults.full();
        List<LineProtocol> summary = InfluxPoints.summary(r).stream().map(LineProtocol::parse).toList();
        assertThat(summary).isNotEmpty().allSatisfy(p -> assertThat(p.tags()).containsEntry("setup", r.setup().hash()));
        LineProtocol run = summary.stream().filter(p -> p.measurement().equals(InfluxPoints.RUN)).findFirst().orElseThrow();
        assertThat(run.fields().get("given_settings").toString()).contains("shared_buffers").contains("262144kB");
        List<LineProtocol> plain = InfluxPoints.summary(r.withSetup(null)).stream().map(LineProtocol::parse).toList();
        assertThat(plain).allSatisfy(p -> assertThat(p.tags()).doesNotContainKey("setup"));
        try (InputStream in = InfluxPointsTest.class.getResourceAsStream("/io/benchlab/results/influx-measurements.md")) {
            assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).contains("| `setup` | the result's");
        }
    }

    @Test
    void everyIntervalHasATransactionPointAndOneForEachStatementThatRan() {
        RunResult r = SampleResults.full();
        List<LineProtocol> intervals = allPoints(r).stream()
                .filter(p -> p.measurement().equals(InfluxPoints.INTERVAL)).toList();
        assertThat(intervals).hasSize(r.intervals().stream().mapToInt(i -> 1 + i.statements().size()).sum());
        String documentedTypes = contract.get(InfluxPoints.INTERVAL).meanings().get("type");
        for (LineProtocol p : intervals) {
            assertThat(documentedTypes).contains("`" + p.tags().get("type") + "`");
        }
        for (IntervalPoint i : r.intervals()) {
            LineProtocol tx = intervals.stream().filter(p -> p.tags().get("type").equals("transaction")
                    && p.tags().get("round").equals("" + i.round()) && (double) p.fields().get("t") == i.t())
                    .findFirst().orElseThrow();
            assertThat(tx.fields()).containsEntry("count", i.committed()).containsEntry("tps", i.tps())
                    .containsEntry("p95_ms", i.p95Ms()).containsEntry("p999_ms", i.p999Ms())
                    .containsEntry("failed", i.failed()).containsEntry("retried", i.retried());
            assertThat(tx.nanos()).as("stamped at the interval's end")
                    .isEqualTo(Instant.parse(r.timestamps().measuredStart()).toEpochMilli() * 1_000_000
                            + Math.round(i.t() * 1e9));
        }
    }

    @Test
    void theServersSideIsStampedAsTheClientsIntervalWithOnePointPerWait() {
        RunResult r = SampleResults.full();
        Instant start = Instant.parse(r.timestamps().measuredStart());
        List<LineProtocol> points = allPoints(r);
        for (ServerStats.Interval s : r.serverStats().intervals()) {
            long end = start.toEpochMilli() * 1_000_000 + Math.round(s.t() * 1e9);
            LineProtocol counters = points.stream().filter(p -> p.measurement().equals(InfluxPoints.SERVER)
                    && p.nanos() == end).findFirst().orElseThrow();
            s.counters().forEach((name, delta) -> assertThat(counters.fields()).containsEntry(name, delta));
            List<LineProtocol> waits = points.stream().filter(p -> p.measurement().equals(InfluxPoints.SERVER_WAIT)
                    && p.nanos() == end).toList();
            assertThat(waits).extracting(p -> p.tags().get("wait")).containsExactlyInAnyOrderElementsOf(s.waits().keySet());
            waits.forEach(w -> assertThat(w.fields()).containsEntry("sessions", s.waits().get(w.tags().get("wait"))));
        }
    }

    /** The sample's server interval a benchlab_server point was written for, by its t. */
    private static ServerStats.Interval serverInterval(LineProtocol p) {
        return SampleResults.full().serverStats().intervals().stream()
                .filter(s -> s.t() == (double) p.fields().get("t")).findFirst().orElseThrow();
    }

    @Test
    void theRunPointsResultFieldIsTheResultWithoutItsIntervals() {
        RunResult r = SampleResults.full();
        LineProtocol run = allPoints(r).stream().filter(p -> p.measurement().equals(InfluxPoints.RUN)).findFirst()
                .orElseThrow();
        RunResult back = ResultJson.read((String) run.fields().get("result"));
        assertThat(back.intervals()).as("the clients' series: points of their own").isEmpty();
        assertThat(back.serverStats().intervals()).as("the server's series: points of their own").isEmpty();
        assertThat(back).isEqualTo(r.withoutIntervals());
        assertThat(run.tags()).containsEntry("status", "ok").containsEntry("run_id", r.runId())
                .containsEntry("clients", "" + r.knobs().clients());
        assertThat(run.fields()).containsEntry("tps", r.figures().tps()).containsEntry("committed", r.figures().committed())
                .containsEntry("warnings", (long) r.warnings().size());
        assertThat((String) run.fields().get("db_image")).isEqualTo(r.placement().database().image() + "@"
                + r.placement().database().imageDigest());
    }

    @Test
    void aResultTooLongForTheFieldLosesItsHistogramsOnly() {
        RunResult full = SampleResults.full();
        Map<String, String> settings = new TreeMap<>();
        for (int i = 0; i < 3000; i++) {
            settings.put("setting_" + i, "value " + i);
        }
        var engine = full.engine();
        RunResult big = new RunResult(full.schemaVersion(), full.runId(), full.status(), full.cause(), full.warnings(),
                full.timestamps(), full.knobs(), new io.benchlab.results.EngineInfo(engine.name(), engine.profile(),
                        engine.productName(), engine.version(), engine.driverVersion(), engine.jdbcUrl(), settings),
                full.environment(), full.placement(), full.load(), full.warmup(), full.figures(), full.rounds(),
                full.intervals(), full.consistency(), null);
        String field = InfluxPoints.resultField(big);
        assertThat(ResultJson.write(big)).contains("\"histogram\"");
        assertThat(field).doesNotContain("\"histogram\"");
        RunResult back = ResultJson.read(field);
        assertThat(back.engine().settings()).hasSize(3000);
        assertThat(back.figures().latency().p99Ms()).isEqualTo(big.figures().latency().p99Ms());
    }

    @Test
    void tagValuesWithSpacesAndCommasSurviveTheProtocol() {
        RunIdentity id = new RunIdentity("run 1,x=y", "hsqldb", "me mory", 4, "embedded", "tpcb");
        LineProtocol p = LineProtocol.parse(InfluxPoints.event(id, new RunEvent(RunEvent.Kind.END, 2, Instant.EPOCH)));
        assertThat(p.tags()).containsEntry("run_id", "run 1,x=y").containsEntry("profile", "me mory")
                .containsEntry("event", "end");
        assertThat(p.fields()).containsEntry("text", "round 2 end").containsEntry("round", 2L);
    }
}
