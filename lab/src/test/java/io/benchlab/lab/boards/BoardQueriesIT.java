package io.benchlab.lab.boards;

import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.junit.jupiter.api.DynamicContainer.dynamicContainer;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import com.fasterxml.jackson.databind.JsonNode;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.domain.WritePrecision;
import io.benchlab.lab.boards.BoardExpectations.Expectation;
import io.benchlab.lab.boards.BoardExpectations.Selection;
import io.benchlab.lab.boards.Boards.Board;
import io.benchlab.lab.boards.Boards.Kind;
import io.benchlab.lab.boards.Boards.Query;
import io.benchlab.lab.boards.BoardsFixture.Run;
import io.benchlab.lab.boards.GrafanaFrames.Frame;
import io.benchlab.runner.it.ServerTargets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The boards proved without Grafana: against a real InfluxDB 2.7 holding the fixture's runs, every
 * query of every board (template variables first, in order, then annotations and panel targets)
 * runs as Grafana would send it (variables and macros replaced by {@link GrafanaFlux}), and what
 * comes back, turned into frames as Grafana does ({@link GrafanaFrames}), holds the series the
 * panel draws ({@link BoardExpectations}) and every field its configuration names. The nightly
 * trend's change point annotation is also proved cell by cell, and run-detail's database side
 * engine by engine.
 */
class BoardQueriesIT {

    static final String ORG = "benchlab";
    static final String BUCKET = "benchlab";
    /** Grafana's default max data points for a panel; v.windowPeriod is the range over it. */
    static final int MAX_DATA_POINTS = 1000;
    private static final Set<String> ONE_FRAME_PANELS = Set.of("stat", "table", "barchart", "trend");

    private static final BoardsFixture FIXTURE = new BoardsFixture();
    private static final BoardExpectations EXPECTED = new BoardExpectations();
    private static final GrafanaFlux.Context CONTEXT = new GrafanaFlux.Context(FIXTURE.from(), FIXTURE.to(),
            Duration.between(FIXTURE.from(), FIXTURE.to()).dividedBy(MAX_DATA_POINTS), ORG, BUCKET);
    private static InfluxDBClient client;

    @BeforeAll
    static void writeTheFixture() throws IOException {
        String url = ServerTargets.variable("BENCHLAB_INFLUX_URL");
        String token = Files.readString(Path.of(ServerTargets.variable("BENCHLAB_INFLUX_TOKEN_FILE"))).strip();
        client = InfluxDBClientFactory.create(url, token.toCharArray(), ORG, BUCKET);
        // Rerunnable on one server: the fixture's runs start over (other runs in the bucket stay).
        for (Run run : FIXTURE.runs()) {
            client.getDeleteApi().delete(FIXTURE.from().atOffset(ZoneOffset.UTC), FIXTURE.to().atOffset(ZoneOffset.UTC),
                    "run_id=\"" + run.runId() + "\"", BUCKET, ORG);
        }
        client.getWriteApiBlocking().writePoints(BUCKET, ORG, FIXTURE.points());
        // lab history's change points and the server's points carry their run's id: deleted above too.
        client.getWriteApiBlocking().writeRecords(BUCKET, ORG, WritePrecision.NS, FIXTURE.changePointLines());
        client.getWriteApiBlocking().writeRecords(BUCKET, ORG, WritePrecision.NS, FIXTURE.serverLines());
    }

    @AfterAll
    static void close() {
        if (client != null) {
            client.close();
        }
    }

    @TestFactory
    Stream<DynamicContainer> everyQueryOfEveryBoardReturnsTheSeriesItsPanelNeeds() {
        return Boards.all().stream().map(b -> dynamicContainer(b.uid(), proofs(b)));
    }

    /**
     * The nightly trend's change points, one cell selected at a time (every engine, profile and
     * client count of the fixture, so each tag's filter is proved): exactly that cell's, and
     * nothing for a cell without any, though other cells have theirs in the same time range.
     */
    @Test
    void theChangePointAnnotationShowsTheSelectedCellOnly() {
        Query annotation = Boards.all().stream().filter(b -> b.uid().equals("benchlab-nightly-trend"))
                .flatMap(b -> b.queries().stream())
                .filter(q -> q.kind() == Kind.ANNOTATION && q.name().equals("Change points")).findFirst().orElseThrow();
        int with = 0;
        int without = 0;
        for (String engine : BoardsFixture.ENGINES) {
            for (String profile : BoardsFixture.PROFILES) {
                for (int clients : BoardsFixture.CLIENTS) {
                    Map<String, List<String>> cell = Map.of("engine", List.of(engine), "profile", List.of(profile),
                            "clients", List.of(Integer.toString(clients)));
                    String flux = GrafanaFlux.interpolate(annotation.flux(), cell, CONTEXT);
                    List<Frame> frames = GrafanaFrames.of(client.getQueryApi().query(flux, ORG));
                    List<Run> runs = FIXTURE.runs().stream().filter(new Selection(cell)::matches).toList();
                    int expected = BoardExpectations.changes(runs).size();
                    String what = cell + ", as run:\n" + flux + "\n";
                    assertThat(frames.stream().mapToInt(f -> f.rows().size()).sum()).as(what + "change points")
                            .isEqualTo(expected);
                    BoardExpectations.assertChangePoints(runs, frames);
                    if (expected > 0) {
                        with++;
                    } else {
                        without++;
                    }
                }
            }
        }
        assertThat(with).as("cells with change points").isGreaterThan(1);
        assertThat(without).as("cells without").isPositive();
    }

    /**
     * run-detail's database side for the newest run of each engine, where the proof above sees one
     * run only: PostgreSQL's and MariaDB's own counters, each panel's values as the fixture's, and
     * for the HSQLDB server run, which has no server points, nothing (the panel's noValue shows)
     * but the clients' tps.
     */
    @Test
    void theDatabaseSideShowsEachEnginesCountersAndNothingButTheClientsForARunWithout() {
        List<Query> side = Boards.all().stream().filter(b -> b.uid().equals("benchlab-run-detail"))
                .flatMap(b -> b.queries().stream())
                .filter(q -> q.kind() == Kind.PANEL && q.measurements().stream().anyMatch(Boards.SERVER_SIDE::contains))
                .toList();
        assertThat(side).extracting(Query::name).hasSize(6);
        Set<String> engines = FIXTURE.runs().stream().map(Run::engine).collect(toSet());
        assertThat(engines).contains("postgres", "mariadb", BoardsFixture.WITHOUT_SERVER);
        for (String engine : engines) {
            Run run = FIXTURE.runs().stream().filter(r -> r.engine().equals(engine))
                    .max(Comparator.comparing(Run::finished)).orElseThrow();
            for (Query q : side) {
                String flux = GrafanaFlux.interpolate(q.flux(), Map.of("run_id", List.of(run.runId())), CONTEXT);
                List<Frame> frames = GrafanaFrames.of(client.getQueryApi().query(flux, ORG));
                String what = q.key() + " for " + run.runId() + ", as run:\n" + flux + "\n";
                Expectation expectation = EXPECTED.get(q.key());
                Map<List<String>, Long> expected = expectation.series().apply(List.of(run));
                assertThat(expected.isEmpty()).as(what + "no series only where no server points")
                        .isEqualTo(engine.equals(BoardsFixture.WITHOUT_SERVER) && q.serverSideOnly());
                assertThat(series(frames, expectation.seriesBy(), what)).as(what + "series by "
                        + expectation.seriesBy() + " with their points").isEqualTo(expected);
                assertThatCode(() -> expectation.values().accept(List.of(run), frames)).as(what + "values")
                        .doesNotThrowAnyException();
            }
        }
    }

    /**
     * LiveBoards, as NightlyStackIT runs it on the cluster's nights, whose newest run is the HSQLDB
     * server canary's, as the fixture's is: every query still answers rows (the database side's
     * from the newest run that has them) with the fields its panel names.
     */
    @Test
    void liveBoardsFillTheDatabaseSideFromARunThatHasItWhenTheNewestHasNot() {
        assertThat(FIXTURE.runs().stream().max(Comparator.comparing(Run::finished)).orElseThrow().engine())
                .as("the newest run's engine").isEqualTo(BoardsFixture.WITHOUT_SERVER);
        LiveBoards.Proof proof = LiveBoards.prove(client, ORG, BUCKET, FIXTURE.from(), FIXTURE.to());
        assertThat(proof.faults()).isEmpty();
        assertThat(proof.rows()).containsKey("benchlab-run-detail / Sessions by wait")
                .allSatisfy((query, rows) -> assertThat(rows).as(query).isPositive());
    }

    /** Lazily and in order: each variable's test picks its values for the queries after it. */
    private static Stream<DynamicTest> proofs(Board board) {
        Map<String, List<String>> selected = new LinkedHashMap<>();
        return board.queries().stream().map(q -> dynamicTest(q.kind().name().toLowerCase() + " " + q.name(),
                () -> prove(q, selected)));
    }

    private static void prove(Query q, Map<String, List<String>> selected) {
        String flux = GrafanaFlux.interpolate(q.flux(), selected, CONTEXT);
        List<Frame> frames = GrafanaFrames.of(client.getQueryApi().query(flux, ORG));
        String what = q.key() + ", as run:\n" + flux + "\n";
        assertThat(frames).as(what + "returns data").isNotEmpty();
        if (q.kind() == Kind.VARIABLE) {
            selected.put(q.name(), pick(q, variableValues(q, frames, new Selection(Map.copyOf(selected)), what)));
            return;
        }
        JsonNode owner = q.owner();
        List<String> partition = Boards.partitionFields(owner);
        if (q.kind() == Kind.ANNOTATION || ONE_FRAME_PANELS.contains(owner.path("type").asText()) || !partition.isEmpty()) {
            assertThat(frames).as(what + "one frame (the panel, transformation or annotation reads the first)").hasSize(1);
        }
        Set<String> fields = frames.stream().flatMap(f -> f.fields().keySet().stream()).collect(toSet());
        assertThat(fields).as(what + "has the fields the configuration names").containsAll(Boards.referencedFields(owner));
        if (q.kind() == Kind.ANNOTATION) {
            Frame f = frames.get(0);
            assertThat(f.fieldsOfType("dateTime")).as(what + "one time for the annotations").hasSize(1);
            assertThat(f.fieldsOfType("string")).as(what + "a text for the annotations").contains("text");
        }

        Expectation expectation = EXPECTED.get(q.key());
        assertThat(expectation).as(q.key() + " has an expectation in BoardExpectations").isNotNull();
        List<Run> runs = FIXTURE.runs().stream().filter(new Selection(selected)::matches).toList();
        Map<List<String>, Long> expected = expectation.series().apply(runs);
        assertThat(expected).as(q.key() + ": the selection " + selected + " shows something").isNotEmpty();
        assertThat(series(frames, expectation.seriesBy(), what)).as(what + "series by " + expectation.seriesBy()
                + " with their points").isEqualTo(expected);
        expectation.values().accept(runs, frames);
        if ("trend".equals(owner.path("type").asText())) {
            assertAscending(frames, partition, owner.path("options").path("xField").asText(), what);
        }
    }

    /**
     * As Grafana reads a variable query (frameToMetricFindValue): the first frame's first string
     * field. They must be the values the fixture's runs have under the variables chosen before.
     */
    private static List<String> variableValues(Query q, List<Frame> frames, Selection before, String what) {
        assertThat(frames).as(what + "one frame").hasSize(1);
        Frame frame = frames.get(0);
        assertThat(frame.fieldsOfType("string")).as(what + "a string field").isNotEmpty();
        List<String> values = frame.variableValues();
        Set<String> expected = FIXTURE.runs().stream().filter(before::matches).map(r -> tag(r, q.name())).collect(toSet());
        assertThat(values).as(what + "the runs' values").containsExactlyInAnyOrderElementsOf(expected);
        return values;
    }

    /**
     * The selection the proof views the boards with, both of Grafana's renderings covered: every
     * engine (All: a list), one profile (a single value), the two largest client counts (a list), the newest
     * run or, where several may be chosen, the three newest.
     */
    private static List<String> pick(Query q, List<String> values) {
        JsonNode v = q.owner();
        Comparator<String> order = switch (v.path("sort").asInt()) {
            case 2 -> Comparator.<String>naturalOrder().reversed();
            case 3 -> Comparator.comparingLong(Long::parseLong);
            default -> Comparator.naturalOrder();
        };
        List<String> sorted = values.stream().sorted(order).toList();
        List<String> picked = switch (q.name()) {
            case "engine" -> sorted;
            case "clients" -> sorted.subList(Math.max(0, sorted.size() - 2), sorted.size());
            case "run_id" -> v.path("multi").asBoolean() ? sorted.subList(0, Math.min(3, sorted.size())) : sorted.subList(0, 1);
            default -> sorted.subList(0, 1);
        };
        assertThat(new ArrayList<>(picked)).as(q.key() + " picked").isNotEmpty()
                .hasSize(q.name().equals("profile") || !v.path("multi").asBoolean() ? 1 : Math.max(2, picked.size()));
        return picked;
    }

    private static String tag(Run run, String name) {
        return switch (name) {
            case "engine" -> run.engine();
            case "profile" -> run.profile();
            case "clients" -> Integer.toString(run.clients());
            case "run_id" -> run.runId();
            default -> throw new IllegalArgumentException("no tag for the variable " + name);
        };
    }

    /** A time series frame is a series (keyed by its labels, _field by its value's name); a table's rows group by columns. */
    private static Map<List<String>, Long> series(List<Frame> frames, List<String> by, String what) {
        Map<List<String>, Long> series = new HashMap<>();
        for (Frame f : frames) {
            if (f.timeSeries()) {
                String value = new ArrayList<>(f.fields().keySet()).get(1);
                List<String> key = by.stream().map(c -> "_field".equals(c) ? value : f.labels().get(c)).toList();
                assertThat(series.put(key, (long) f.rows().size())).as(what + "one frame per series " + key).isNull();
            } else {
                for (Map<String, Object> row : f.rows()) {
                    series.merge(by.stream().map(c -> String.valueOf(row.get(c))).toList(), 1L, Long::sum);
                }
            }
        }
        return series;
    }

    /** The trend panel draws each series along its x field, which must not go back. */
    private static void assertAscending(List<Frame> frames, List<String> partition, String x, String what) {
        Map<List<Object>, Double> last = new HashMap<>();
        for (Map<String, Object> row : frames.get(0).rows()) {
            List<Object> key = partition.stream().map(row::get).toList();
            double value = ((Number) row.get(x)).doubleValue();
            Double before = last.put(key, value);
            assertThat(before == null || before <= value).as(what + x + " ascending in " + key).isTrue();
        }
    }
}
