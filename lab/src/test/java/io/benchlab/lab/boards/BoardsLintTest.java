package io.benchlab.lab.boards;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.lab.boards.Boards.Board;
import io.benchlab.lab.boards.Boards.Kind;
import io.benchlab.lab.boards.Boards.Query;
import io.benchlab.lab.stack.StackSpec;
import io.benchlab.runner.sink.influx.InfluxPoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The boards without a Grafana server: they parse, their uids are unique, every datasource they
 * name is the provisioned one, no panel id repeats, every template variable a query uses is
 * defined (and every defined one used, always in the one form {@link GrafanaFlux} interpolates),
 * every measurement, tag and field they query is in the InfluxDB contract, and the provisioning
 * points Grafana at the folder they live in. {@code BoardQueriesIT} runs the queries themselves.
 */
class BoardsLintTest {

    /** Where {@code lab stack} mounts images/grafana/dashboards, and the token, in the Grafana container. */
    static final String BOARDS_MOUNT = StackSpec.DASHBOARDS;
    static final String TOKEN_FILE = "$__file{" + StackSpec.TOKEN_FILE + "}";

    /** Any {@code $name} or {@code ${name[:format]}}; Grafana's own ({@code $__...}) included. */
    static final Pattern VARIABLE_USE = Pattern.compile("\\$\\{([A-Za-z0-9_.]+)(?::([A-Za-z]+))?}|\\$([A-Za-z0-9_]+)");
    private static final Pattern COLUMN_REF = Pattern.compile("\\br\\.([A-Za-z][A-Za-z0-9_]*)");
    private static final Pattern FIELD_IS = Pattern.compile("r\\._field == \"([^\"]+)\"");
    private static final Pattern FIELD_IN = Pattern.compile("r\\._field =~ /\\^\\(([^)]*)\\)\\$/");
    private static final Pattern KEEP = Pattern.compile("keep\\(columns: \\[([^]]*)]\\)");
    private static final Pattern TAG_VALUES = Pattern.compile("tag: \"([^\"]+)\"");
    private static final Pattern QUOTED = Pattern.compile("\"([^\"]+)\"");

    final List<Board> boards = Boards.all();
    final JsonNode datasource = Boards.datasource();

    @Test
    void theFourBoardsParseAsRecentGrafanaDashboards() {
        assertThat(boards).extracting(b -> b.file().getFileName().toString())
                .containsExactly("comparison.json", "engines-clients.json", "nightly-trend.json", "run-detail.json");
        for (Board b : boards) {
            assertThat(b.json().path("title").asText()).as(b.file() + " title").isNotBlank();
            // Grafana 10.0 wrote 38, 11.x writes 39-41: older would be migrated on load, newer refused.
            assertThat(b.json().path("schemaVersion").asInt()).as(b.file() + " schemaVersion").isBetween(38, 41);
            assertThat(b.panels()).as(b.file() + " panels").isNotEmpty();
            for (JsonNode p : b.panels()) {
                assertThat(p.path("type").asText()).as(b.file() + " panel type").isNotBlank();
                assertThat(p.path("gridPos").path("w").asInt()).as(b.file() + " " + p.path("title") + " width").isPositive();
            }
        }
    }

    @Test
    void uidsAreUniqueAcrossBoards() {
        List<String> uids = boards.stream().map(Board::uid).toList();
        assertThat(uids).allSatisfy(u -> assertThat(u).matches("[a-z0-9-]{1,40}")).doesNotHaveDuplicates();
    }

    @Test
    void everyPanelTargetVariableAndAnnotationUsesTheProvisionedDatasource() {
        String uid = datasource.path("uid").asText();
        String type = datasource.path("type").asText();
        assertThat(uid).isNotBlank();
        for (Board b : boards) {
            List<JsonNode> refs = new ArrayList<>();
            for (JsonNode p : b.panels()) {
                if (!"row".equals(p.path("type").asText())) {
                    refs.add(p.path("datasource"));
                }
                p.path("targets").forEach(t -> refs.add(t.path("datasource")));
            }
            b.variables().forEach(v -> refs.add(v.path("datasource")));
            b.annotations().forEach(a -> refs.add(a.path("datasource")));
            assertThat(refs).as(b.file() + " datasources").isNotEmpty().allSatisfy(ref -> {
                assertThat(ref.path("uid").asText()).isEqualTo(uid);
                assertThat(ref.path("type").asText()).isEqualTo(type);
            });
        }
    }

    @Test
    void panelIdsAndTitlesAreUniquePerBoard() {
        for (Board b : boards) {
            List<JsonNode> panels = b.panels();
            assertThat(panels).as(b.file() + " panel ids").allSatisfy(p -> assertThat(p.path("id").isInt()).isTrue());
            assertThat(panels.stream().map(p -> p.path("id").asInt())).as(b.file() + " panel ids").doesNotHaveDuplicates();
            // The query proof names its checks by title.
            assertThat(panels.stream().map(p -> p.path("title").asText())).as(b.file() + " panel titles").doesNotHaveDuplicates();
        }
    }

    @Test
    void everyVariableUsedIsDefinedBeforeItAndEveryDefinedOneIsUsed() {
        for (Board b : boards) {
            List<String> defined = b.variables().stream().map(v -> v.path("name").asText()).toList();
            assertThat(defined).as(b.file() + " variables").doesNotHaveDuplicates();
            Set<String> used = new HashSet<>();
            for (Query q : b.queries()) {
                Set<String> uses = uses(q.flux());
                assertThat(uses).as(q.key() + " uses only defined variables").isSubsetOf(defined);
                if (q.kind() == Kind.VARIABLE) {
                    // Grafana resolves a chain in order: a variable's query may use only those before it.
                    assertThat(uses).as(q.key() + " uses variables defined before it")
                            .isSubsetOf(defined.subList(0, defined.indexOf(q.name())));
                }
                used.addAll(uses);
            }
            assertThat(used).as(b.file() + " every variable is used").containsAll(defined);
        }
    }

    @Test
    void variablesAreUsedOnlyAsRegexMatchesOfTheTagTheyAreNamedAfter() {
        for (Board b : boards) {
            for (Query q : b.queries()) {
                Matcher m = VARIABLE_USE.matcher(q.flux());
                while (m.find()) {
                    String name = m.group(1);
                    assertThat(m.group(0)).as(q.key() + ": the one form GrafanaFlux interpolates")
                            .isEqualTo("${" + name + ":regex}");
                    assertThat(q.flux()).as(q.key()).contains("r." + name + " =~ /^${" + name + ":regex}$/");
                }
            }
        }
    }

    @Test
    void aVariableMeansTheSameOnEveryBoard() {
        Map<String, String> queries = new HashMap<>();
        for (Board b : boards) {
            for (JsonNode v : b.variables()) {
                String name = v.path("name").asText();
                String query = v.path("query").path("query").asText();
                assertThat(v.path("definition").asText()).as(b.file() + " " + name + " definition").isEqualTo(query);
                assertThat(queries.putIfAbsent(name, query)).as(b.file() + " " + name + " as on the other boards")
                        .isIn(null, query);
            }
        }
        assertThat(queries).containsOnlyKeys("engine", "profile", "clients", "run_id");
    }

    @Test
    void queriesUseOnlyTheContractsMeasurementsTagsAndFields() {
        MeasurementsContract contract = MeasurementsContract.read();
        for (Board b : boards) {
            for (Query q : b.queries()) {
                String flux = q.flux();
                assertThat(flux).as(q.key() + " reads the datasource's bucket").contains("bucket: v.defaultBucket")
                        .doesNotContain("bucket: \"");
                assertThat(flux).as(q.key() + " follows the time picker")
                        .containsPattern("start: v\\.timeRangeStart,\\s+stop: v\\.timeRangeStop");
                Set<String> measurements = q.measurements();
                assertThat(measurements).as(q.key() + " measurements").isNotEmpty()
                        .isSubsetOf(contract.measurements().keySet());
                Set<String> names = new HashSet<>();
                measurements.forEach(m -> names.addAll(contract.names(m)));
                Set<String> tags = new HashSet<>(contract.identityTags());
                measurements.forEach(m -> contract.names(m).stream().filter(n -> contract.isTag(m, n)).forEach(tags::add));

                assertThat(all(COLUMN_REF, flux)).as(q.key() + " columns").isSubsetOf(names);
                Set<String> fields = all(FIELD_IS, flux);
                all(FIELD_IN, flux).forEach(list -> fields.addAll(List.of(list.split("\\|"))));
                assertThat(fields).as(q.key() + " fields").isSubsetOf(names).doesNotContainAnyElementsOf(tags);
                for (String kept : all(KEEP, flux)) {
                    assertThat(all(QUOTED, kept).stream().filter(c -> !c.startsWith("_")))
                            .as(q.key() + " kept columns").isSubsetOf(names);
                }
                assertThat(all(TAG_VALUES, flux)).as(q.key() + " tag").isSubsetOf(tags);
            }
        }
    }

    @Test
    void theContractsServerCountersAreIntFieldsAndTheirSourcesAreNot() {
        Map<String, String> server = MeasurementsContract.read().measurements().get(InfluxPoints.SERVER);
        // The first and last of each engine's list, and MariaDB's own.
        assertThat(server).containsEntry("t", "float").containsEntry("round", "tag")
                .containsEntry("xact_commit", "int").containsEntry("buffers_backend", "int")
                .containsEntry("com_commit", "int").containsEntry("innodb_deadlocks", "int")
                .doesNotContainKeys("pg_stat_database", "pg_stat_wal", "pg_stat_checkpointer", "counters", "int");
        assertThat(MeasurementsContract.read().measurements().get(InfluxPoints.SERVER_WAIT))
                .containsOnlyKeys("round", "wait", "t", "sessions");
    }

    @Test
    void aPanelOfTheDatabaseSideOnlySaysWhyItCanBeEmpty() {
        List<Query> serverOnly = boards.stream().flatMap(b -> b.queries().stream())
                .filter(q -> q.kind() == Kind.PANEL && q.serverSideOnly()).toList();
        assertThat(serverOnly).as("run-detail's database side").hasSizeGreaterThanOrEqualTo(3);
        // Grafana shows a panel's noValue instead of "No data": runs of most engines have no server points.
        assertThat(serverOnly).allSatisfy(q -> assertThat(q.owner().path("fieldConfig").path("defaults")
                .path("noValue").asText()).as(q.key()).contains("PostgreSQL", "MySQL"));
    }

    @Test
    void annotationsAreOnByDefaultAndTakeTheirTimeAndTextFromTheQuery() {
        for (Board b : boards) {
            for (JsonNode a : b.annotations()) {
                String what = b.file().getFileName() + " annotation " + a.path("name").asText();
                assertThat(a.path("enable").asBoolean(false)).as(what + " enabled").isTrue();
                assertThat(a.path("hide").asBoolean(true)).as(what + " toggle shown").isFalse();
                JsonNode mappings = a.path("mappings");
                assertThat(mappings.path("time").path("value").asText()).as(what + " time").isEqualTo("_time");
                assertThat(mappings.path("text").path("value").asText()).as(what + " text").isEqualTo("text");
                mappings.forEach(m -> assertThat(m.path("source").asText()).as(what + " mapping source").isEqualTo("field"));
            }
        }
        // lab history writes its change points for this board (README, influx-measurements.md).
        Board nightly = boards.stream().filter(b -> b.uid().equals("benchlab-nightly-trend")).findFirst().orElseThrow();
        assertThat(nightly.queries()).filteredOn(q -> q.kind() == Kind.ANNOTATION).extracting(Query::flux)
                .anySatisfy(flux -> assertThat(flux).contains("r._measurement == \"benchlab_change_point\""));
    }

    @Test
    void everyPanelAndAnnotationHasItsExpectationForTheQueryProof() {
        Set<String> keys = new HashSet<>();
        boards.forEach(b -> b.queries().stream().filter(q -> q.kind() != Kind.VARIABLE).forEach(q -> keys.add(q.key())));
        // Both ways: a new panel needs its expectation, a removed one takes its expectation along.
        assertThat(new BoardExpectations().keys()).containsExactlyInAnyOrderElementsOf(keys);
    }

    @Test
    void theDatasourceIsInfluxDbInFluxModeWithItsTokenFromAFile() {
        assertThat(datasource.path("type").asText()).isEqualTo("influxdb");
        assertThat(datasource.path("url").asText()).isEqualTo("http://influxdb:8086");
        assertThat(datasource.path("jsonData").path("version").asText()).isEqualTo("Flux");
        assertThat(datasource.path("jsonData").path("organization").asText()).isEqualTo("benchlab");
        assertThat(datasource.path("jsonData").path("defaultBucket").asText()).isEqualTo("benchlab");
        assertThat(datasource.path("secureJsonData").path("token").asText()).isEqualTo(TOKEN_FILE);
    }

    @Test
    void theDashboardProviderReadsTheFolderTheBoardsAreMountedAt() throws IOException {
        JsonNode providers = Boards.yaml(Boards.PROVIDERS).path("providers");
        assertThat(providers).hasSize(1);
        JsonNode provider = providers.get(0);
        assertThat(provider.path("type").asText()).isEqualTo("file");
        assertThat(provider.path("options").path("path").asText()).isEqualTo(BOARDS_MOUNT);
        // Grafana loads every *.json under the path: the folder holds the boards and nothing else.
        try (Stream<Path> files = Files.list(Boards.DASHBOARDS)) {
            assertThat(files.map(f -> f.getFileName().toString()))
                    .containsExactlyInAnyOrderElementsOf(boards.stream().map(b -> b.file().getFileName().toString()).toList());
        }
    }

    /** The template variables a query uses, Grafana's own ({@code $__...}) apart. */
    static Set<String> uses(String flux) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = VARIABLE_USE.matcher(flux);
        while (m.find()) {
            String name = m.group(1) != null ? m.group(1) : m.group(3);
            if (!name.startsWith("__")) {
                names.add(name);
            }
        }
        return names;
    }

    private static Set<String> all(Pattern p, String text) {
        Set<String> found = new LinkedHashSet<>();
        Matcher m = p.matcher(text);
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }
}
