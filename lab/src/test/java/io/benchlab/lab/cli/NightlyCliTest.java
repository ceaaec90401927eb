package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlab.lab.nightly.Cell;
import io.benchlab.lab.nightly.NightlyPlan;
import io.benchlab.results.ResultJson;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * lab nightly on the embedded engines: a bad plan (a capacity cell's too) is one line, exit 2 and
 * no night folder; a night judges each cell against the earlier nights, a night started again keeps
 * what finished, and the canary tells drift from a regression.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class NightlyCliTest {

    static final String PLAN = """
            version: 1
            options: {backend: embedded, scale: 1, duration: 300ms, warmup: 1s, rounds: 5, quiet: true}
            cells:
              - engines: [hsqldb]
                clients: [1]
            canary: {engine: h2, clients: 1}
            """;

    static Stream<Arguments> badPlans() {
        return Stream.of(
                Arguments.of("version: [1\n", "is not YAML"),
                Arguments.of("", "is empty"),
                Arguments.of(PLAN.replace("rounds: 5", "rounds: 3"), "$.options.rounds: must have a minimum value of 5"),
                Arguments.of(PLAN.replace("rounds: 5, ", ""), "the cells need options.rounds"),
                Arguments.of(PLAN.replace("clients: [1]", "clients: [0]"), "$.cells[0].clients[0]: must have a minimum value of 1"),
                Arguments.of(PLAN.replace("version: 1", "version: 2"), "$.version"),
                Arguments.of(PLAN + "extra: 1\n", "extra"),
                Arguments.of(PLAN.replace("quiet: true", "engine: h2"), "'engine' is not an option of a plan"),
                Arguments.of(PLAN.replace("[hsqldb]", "[hsqldb, nosuchdb]"),
                        "plan: cell nosuchdb, 1 client: unknown engine 'nosuchdb'"),
                Arguments.of(PLAN.replace("scale: 1", "scale: lots"), "plan: cell hsqldb, 1 client: Invalid value for option '--scale'"),
                Arguments.of(PLAN.replace("{engine: h2, clients: 1}", "{engine: hsqldb, clients: 1, options: {nope: 1}}"),
                        "(the canary): Unknown options: '--nope'"),
                // A cell's set-up beyond the profile reaches its run as --db-set and --engine-version would.
                Arguments.of(PLAN.replace("clients: [1]", "clients: [1]\n    settings: {hsqldb.write_delay: 'true'}"),
                        "plan: cell hsqldb, 1 client: hsqldb.write_delay is what hsqldb's profiles are made of"),
                Arguments.of(PLAN.replace("clients: [1]", "clients: [1]\n    engine-version: '2.7.4'"),
                        "plan: cell hsqldb, 1 client: --engine-version picks the image of a server"),
                Arguments.of(PLAN.replace("quiet: true", "db-set: a=1"), "'db-set' is not an option of a plan: a cell"
                        + " says it, as engine-version: and settings:"),
                Arguments.of(PLAN.replace("clients: [1]", "clients: [1]\n  - engines: [hsqldb]\n    clients: [2, 1]"),
                        "cell hsqldb-memory-c1 is planned twice"),
                // A capacity cell is planned as lab capacity would plan it.
                Arguments.of(PLAN.replace("clients: [1]", "clients: [1]\n    capacity: {slo: ['p99']}"),
                        "capacity: --slo 'p99' is not an objective"),
                Arguments.of(PLAN.replace("clients: [1]", "clients: [1]\n    options: {rate: 100}\n"
                        + "    capacity: {slo: ['p99<=1ms']}"), "plan: cell hsqldb, 1 client (capacity): lab capacity"
                        + " offers each step its own rate"));
    }

    @ParameterizedTest(name = "{1}")
    @MethodSource("badPlans")
    void aBadPlanIsOneLineExitTwoAndLeavesNoNight(String plan, String expected, @TempDir Path dir) throws IOException {
        CliCapture.Outcome o = nightly(dir, plan, "n1");
        assertThat(o.exitCode()).as(o.toString()).isEqualTo(2);
        assertThat(o.allErr().lines()).as(o.toString()).singleElement().asString().startsWith("lab: ").contains(expected);
        assertThat(dir.resolve("nights")).doesNotExist();
    }

    @Test
    void theShippedPlanIsValidAndEveryCellPlansOnTheKubernetesBackend() {
        NightlyPlan plan = NightlyPlan.read(Path.of("..", "k8s", "nightly", "plan.yaml"));
        assertThat(plan.cells()).hasSize(2 * 4 + 1 + 1).last().matches(Cell::canary);
        for (Cell cell : plan.cells()) {
            var run = NightlyCommand.plan(cell.runArgs());
            assertThat(run.spec().workload().rounds()).isGreaterThanOrEqualTo(5);
            assertThat(run.spec().workload().scale()).as("no cell measures branch locks")
                    .isGreaterThanOrEqualTo(run.spec().workload().clients());
            assertThat(run.backend().name()).isEqualTo("kubernetes");
        }
    }

    @Test
    void aCellsSettingsAndEngineVersionReachItsRunAndItsName(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("plan.yaml"), """
                version: 1
                options: {backend: docker, scale: 8, duration: 1s, rounds: 5}
                cells:
                  - engines: [postgres]
                    clients: [8]
                  - engines: [postgres]
                    clients: [8]
                    engine-version: '16.10'
                    settings: {shared_buffers: 512MB, work_mem: 4MB}
                canary: {engine: postgres, clients: 1, engine-version: '17.6'}
                """);
        NightlyPlan plan = NightlyPlan.read(file);
        assertThat(plan.cells().get(1).runArgs()).containsSubsequence("--engine-version", "16.10", "--db-set",
                "shared_buffers=512MB", "--db-set", "work_mem=4MB");
        var run = NightlyCommand.plan(plan.cells().get(1).runArgs());
        assertThat(run.spec().engine().name()).isEqualTo("postgres");
        assertThat(plan.cells()).extracting(c -> c.key("durable")).doesNotHaveDuplicates()
                .startsWith("postgres-durable-c8").contains("canary-postgres-durable-c1-v17.6")
                .anySatisfy(k -> assertThat(k).startsWith("postgres-durable-c8-v16.10-s"));
    }

    @Test
    void eachNightIsJudgedAgainstTheEarlierOnesAndARestartKeepsWhatFinished(@TempDir Path dir) throws IOException {
        CliCapture.Outcome first = nightly(dir, PLAN, "n1");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(first.out()).contains("hsqldb-memory-c1", "first night", "canary-h2-memory-c1", "nightly: 2 cells, pass");
        Path n1 = dir.resolve("nights/n1");
        assertThat(n1.resolve("report.md")).content().contains("| hsqldb-memory-c1 | first night |");
        assertThat(n1.resolve("report.html")).content().contains("Nightly n1", "first night");

        // The first night as if it had run far faster: the second must say the cell regressed.
        faster(n1.resolve("hsqldb-memory-c1.json"));
        CliCapture.Outcome second = nightly(dir, PLAN, "n2");
        assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
        assertThat(line(second.out(), "hsqldb-memory-c1")).contains("regressed", "tps", "against 1 night");
        String runId = runId(dir.resolve("nights/n2/hsqldb-memory-c1.json"));

        CliCapture.Outcome again = nightly(dir, PLAN, "n2");
        assertThat(again.exitCode()).isEqualTo(1);
        assertThat(again.err()).contains("hsqldb-memory-c1: kept, it finished on an earlier start of this night",
                "canary-h2-memory-c1: kept");
        assertThat(runId(dir.resolve("nights/n2/hsqldb-memory-c1.json"))).as("not run again").isEqualTo(runId);
    }

    @Test
    void whenTheCanaryRegressedTooTheNightSaysTheEnvironmentMayHaveDrifted(@TempDir Path dir) throws IOException {
        assertThat(nightly(dir, PLAN, "n1").exitCode()).isZero();
        faster(dir.resolve("nights/n1/hsqldb-memory-c1.json"));
        faster(dir.resolve("nights/n1/canary-h2-memory-c1.json"));
        CliCapture.Outcome o = nightly(dir, PLAN, "n2");
        assertThat(o.exitCode()).isEqualTo(1);
        assertThat(line(o.out(), "hsqldb-memory-c1")).contains("regressed", "the canary regressed too");
        assertThat(line(o.out(), "canary-h2-memory-c1")).contains("regressed", "the environment drifted");
    }

    /**
     * A plan change is judged on its first night against the nights before it, naming the change,
     * and then starts the cell's baseline over: the night after is judged against that night alone.
     */
    @Test
    void aChangedSetUpIsJudgedOnceNamingTheChangeAndThenStartsANewBaseline(@TempDir Path dir) throws IOException {
        assertThat(nightly(dir, PLAN, "n1").exitCode()).isZero();
        faster(dir.resolve("nights/n1/hsqldb-memory-c1.json"));
        String changed = PLAN.replace("clients: [1]", "clients: [1]\n    options: {statements: direct}");
        CliCapture.Outcome second = nightly(dir, changed, "n2");
        assertThat(second.exitCode()).as(second.toString()).isEqualTo(1);
        assertThat(line(second.out(), "hsqldb-memory-c1")).contains("regressed", "tps", "against 1 night",
                "the set-up changed since the last night: statements");
        assertThat(line(second.out(), "canary-h2-memory-c1")).doesNotContain("set-up changed");

        CliCapture.Outcome third = nightly(dir, changed, "n3");
        assertThat(line(third.out(), "hsqldb-memory-c1")).doesNotContain("set-up changed")
                .contains("against 1 night");
        assertThat(line(third.out(), "canary-h2-memory-c1")).contains("against 2 nights");
    }

    static CliCapture.Outcome nightly(Path dir, String plan, String night) throws IOException {
        Path file = dir.resolve("plan.yaml");
        Files.writeString(file, plan);
        return CliCapture.run(LabMain::commandLine, "nightly", "--plan", file.toString(), "--results",
                dir.resolve("nights").toString(), "--night", night);
    }

    static String line(String out, String cell) {
        return out.lines().filter(l -> l.startsWith(cell + " ")).findFirst().orElseThrow();
    }

    private static String runId(Path result) throws IOException {
        return ResultJson.read(result).runId();
    }

    /**
     * The result as if every round had run at ten million tps, give or take 2%: far above anything
     * this machine runs, and steadier than short embedded rounds, so that the next night's rounds
     * all fall below it (Mann-Whitney's exact p for 5 rounds against 5 apart: 2/252, under 0.01).
     */
    private static void faster(Path result) throws IOException {
        JsonNode root = ResultJson.mapper().readTree(Files.readString(result));
        ((ObjectNode) root.get("figures")).put("tps", 1e7);
        int i = 0;
        for (JsonNode round : root.get("rounds")) {
            ((ObjectNode) round.get("figures")).put("tps", 1e7 * (0.98 + 0.01 * i++));
        }
        Files.writeString(result, ResultJson.mapper().writeValueAsString(root));
    }
}
