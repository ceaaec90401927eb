package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.influxdb.client.InfluxDBClient;
import com.influxdb.client.InfluxDBClientFactory;
import com.influxdb.client.domain.WritePrecision;
import com.influxdb.query.FluxRecord;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.EngineInfo;
import io.benchlab.results.Environment;
import io.benchlab.results.Figures;
import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.Timestamps;
import io.benchlab.runner.cli.CliCapture;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.it.ServerTargets;
import io.benchlab.runner.sink.RunIdentity;
import io.benchlab.runner.sink.influx.InfluxPoints;
import io.benchlab.runner.workload.tpcb.KnobCodec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab history against a real InfluxDB 2.7 (BENCHLAB_INFLUX_URL, its token in
 * BENCHLAB_INFLUX_TOKEN_FILE): one cell's nights written as the lab writes a run's summary, judged,
 * and the change points written back as benchlab_change_point, once however often it is judged.
 * Each test has a profile of its own, so tests (and other runs in the bucket) never see each
 * other's runs or change points; the nights are in January 2023, away from BoardsFixture's.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class HistoryInfluxIT {

    private static final String ORG = "benchlab";
    private static final String BUCKET = "benchlab";
    private static final String ENGINE = "postgres";
    private static final int CLIENTS = 8;
    private static final int NIGHTS = 30;
    private static final int STEP = 20;
    private static final int ROUNDS = 5;
    private static final Instant FIRST_NIGHT = Instant.parse("2023-01-01T02:00:00Z");

    private String url;
    private String tokenFile;
    private InfluxDBClient client;
    /** This test's cell: a profile no other run has. */
    private final String profile = "it-history-" + UUID.randomUUID().toString().substring(0, 8);

    @BeforeEach
    void connect() throws IOException {
        url = ServerTargets.variable("BENCHLAB_INFLUX_URL");
        tokenFile = ServerTargets.variable("BENCHLAB_INFLUX_TOKEN_FILE");
        String token = Files.readString(Path.of(tokenFile)).strip();
        client = InfluxDBClientFactory.create(url, token.toCharArray(), ORG, BUCKET);
    }

    @AfterEach
    void removeThisTestsPoints() {
        if (client != null) {
            client.getDeleteApi().delete(OffsetDateTime.parse("2022-12-01T00:00:00Z"),
                    OffsetDateTime.parse("2023-03-01T00:00:00Z"), "profile=\"" + profile + "\"", BUCKET, ORG);
            client.close();
        }
    }

    @Test
    void aTenPercentDropIsOneChangePointWrittenOnceForTheBoard() throws IOException {
        List<RunResult> runs = step(10, "boot-a");
        write(runs);
        // What an earlier judgement left: this cell's tps point (to be replaced), and its p99 point
        // and another client count's tps point, which are not this judgement's to replace.
        RunResult earlier = runs.get(5);
        RunIdentity id = RunIdentity.of(earlier);
        RunIdentity otherClients =
                new RunIdentity(id.runId(), id.engine(), id.profile(), 16, id.backend(), id.workload());
        Instant at = Instant.parse(earlier.timestamps().finished());
        client.getWriteApiBlocking().writeRecords(BUCKET, ORG, WritePrecision.NS, List.of(
                InfluxPoints.changePoint(id, at, "tps", 1000, 950, -0.05, 0.0001, "tps -5.0% (p 0.00010)"),
                InfluxPoints.changePoint(id, at, "p99_ms", 10, 12, 0.2, 0.0001, "p99_ms +20.0% (p 0.00010)"),
                InfluxPoints.changePoint(otherClients, at, "tps", 1000, 950, -0.05, 0.0001, "tps -5.0% (p 0.00010)")));
        assertThat(changePoints("tps", CLIENTS)).as("before").hasSize(1);

        CliCapture.Outcome text = history();
        assertThat(text.exitCode()).as("%s", text).isZero();
        assertThat(text.out()).contains(ENGINE + " " + profile + ", external, 8 clients, scale 10: tps",
                "30 points", "5 values (rounds) each", "1 change point", night(STEP).toString(),
                "engine version 15.8 -> 15.9");

        CliCapture.Outcome json = history("--json");
        assertThat(json.exitCode()).as("%s", json).isZero();
        JsonNode points = ResultJson.mapper().readTree(json.out()).path("change_points");
        assertThat(points).hasSize(1);
        JsonNode cp = points.get(0);
        assertThat(cp.path("time").asText()).isEqualTo(night(STEP).toString());
        assertThat(cp.path("mean_before").asDouble()).isBetween(990.0, 1010.0);
        assertThat(cp.path("mean_after").asDouble()).isBetween(890.0, 910.0);
        assertThat(cp.path("change").asDouble()).isBetween(-0.12, -0.08);
        assertThat(cp.path("p_value").asDouble()).isLessThan(0.001);
        assertThat(cp.path("run_id").asText()).isEqualTo(runId(STEP, 10));
        assertThat(cp.path("differs")).extracting(JsonNode::asText).contains("engine version 15.8 -> 15.9");

        // Judged twice (text, then --json): one point, night 20's; the earlier tps point is gone.
        List<FluxRecord> written = changePoints();
        assertThat(written).hasSize(1);
        FluxRecord p = written.get(0);
        assertThat(p.getTime()).isEqualTo(night(STEP));
        assertThat(p.getValueByKey("metric")).isEqualTo("tps");
        assertThat(p.getValueByKey("run_id")).isEqualTo(runId(STEP, 10));
        assertThat(p.getValueByKey("clients")).isEqualTo(Integer.toString(CLIENTS));
        assertThat(p.getValueByKey("backend")).isEqualTo("external");
        assertThat(((Number) p.getValueByKey("change")).doubleValue()).isCloseTo(cp.path("change").asDouble(),
                within(1e-9));
        assertThat((String) p.getValueByKey("text")).startsWith("tps -").contains("engine version 15.8 -> 15.9");

        assertThat(history().exitCode()).isZero();
        assertThat(changePoints()).as("after a third judgement").hasSize(1);
        assertThat(changePoints("p99_ms", CLIENTS)).as("another metric's").hasSize(1);
        assertThat(changePoints("tps", 16)).as("another cell's").hasSize(1);
    }

    @Test
    void noAnnotationsLeavesInfluxDbAlone() throws IOException {
        List<RunResult> runs = step(10, "boot-a");
        write(runs);
        CliCapture.Outcome o = history("--no-annotations");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("1 change point", night(STEP).toString());
        assertThat(changePoints()).isEmpty();

        // Nor does it replace what an earlier judgement wrote.
        RunResult earlier = runs.get(5);
        client.getWriteApiBlocking().writeRecord(BUCKET, ORG, WritePrecision.NS, InfluxPoints.changePoint(
                RunIdentity.of(earlier), Instant.parse(earlier.timestamps().finished()), "tps", 1000, 950, -0.05,
                0.0001, "tps -5.0% (p 0.00010)"));
        assertThat(history("--no-annotations").exitCode()).isZero();
        assertThat(changePoints()).extracting(FluxRecord::getTime).containsExactly(night(5));
    }

    @Test
    void runsOfASecondCellUnderTheSameTagsAreRefused() throws IOException {
        List<RunResult> runs = new ArrayList<>(step(10, "boot-a"));
        // Same engine, profile, clients and backend tags, another scale: another cell.
        for (int n = 0; n < 3; n++) {
            runs.add(run(n, 1, "15.8", "boot-a", new double[] {500, 501, 502, 503, 504}, 12));
        }
        write(runs);
        CliCapture.Outcome o = history();
        o.assertBadInputLine("more than one cell", "scale 10 vs 1");
        assertThat(changePoints()).isEmpty();
    }

    @Test
    void aRunOnAnotherBootIsRefusedUnlessAllowed() throws IOException {
        List<RunResult> runs = new ArrayList<>(step(10, "boot-a"));
        RunResult last = runs.remove(NIGHTS - 1);
        runs.add(run(NIGHTS - 1, 10, "15.9", "boot-b", rounds(last), 0));
        write(runs);

        history().assertBadInputLine("boot id boot-a vs boot-b", "--allow-node-change");
        assertThat(changePoints()).isEmpty();

        CliCapture.Outcome allowed = history("--allow-node-change");
        assertThat(allowed.exitCode()).as("%s", allowed).isZero();
        assertThat(allowed.out()).contains("1 change point", night(STEP).toString());
        assertThat(changePoints()).hasSize(1);
    }

    /**
     * 30 nights of 5 rounds around 1000 tps (CV 2%, a fixed seed), 10% fewer from night 20, where
     * the engine version goes from 15.8 to 15.9.
     */
    private List<RunResult> step(int scale, String bootId) {
        Random random = new Random(20230101);
        List<RunResult> runs = new ArrayList<>();
        for (int n = 0; n < NIGHTS; n++) {
            double level = n >= STEP ? 900 : 1000;
            double[] tps = new double[ROUNDS];
            for (int r = 0; r < ROUNDS; r++) {
                tps[r] = level * (1 + 0.02 * random.nextGaussian());
            }
            runs.add(run(n, scale, n >= STEP ? "15.9" : "15.8", bootId, tps, 0));
        }
        return runs;
    }

    /** Night n's run, finished at 02:00 plus {@code hour} hours of day n (lab history orders by it). */
    private RunResult run(int n, int scale, String version, String bootId, double[] tps, int hour) {
        Knobs knobs = KnobCodec.knobs(new TestWorkload().scale(scale).clients(CLIENTS).duration(Duration.ofSeconds(5))
                .warmup(Duration.ofSeconds(5)).rounds(ROUNDS).seed(7).build());
        List<Round> rounds = new ArrayList<>();
        for (int i = 0; i < tps.length; i++) {
            rounds.add(new Round(i + 1, figures(5, tps[i])));
        }
        Environment env = new Environment("0.1.0", "3f9c2a7", "OpenJDK 21", "Debian", "Linux 6.1", "amd64",
                "Intel Xeon", 2, 1L << 30, "bench-host", List.of(), null, null, "6.1.0-28-amd64", bootId, "none");
        Instant finished = night(n).plus(hour, ChronoUnit.HOURS);
        return new RunResult(RunResult.SCHEMA_VERSION, runId(n, scale), Status.OK, null, List.of(),
                new Timestamps(finished.minusSeconds(60).toString(), finished.minusSeconds(30).toString(),
                        finished.toString()),
                knobs, new EngineInfo(ENGINE, profile, "PostgreSQL", version, "42.7.4", null, Map.of()), env,
                Placement.of("external"), null, null,
                figures(5.0 * tps.length, Arrays.stream(tps).average().orElseThrow()), rounds, List.of(),
                null, null);
    }

    private static Figures figures(double seconds, double tps) {
        return new Figures(seconds, Math.round(tps * seconds), 0, 0, 0, tps, Map.of(), null, null, Map.of(), null,
                null);
    }

    private static double[] rounds(RunResult r) {
        return r.rounds().stream().mapToDouble(x -> x.figures().tps()).toArray();
    }

    private static Instant night(int n) {
        return FIRST_NIGHT.plus(n, ChronoUnit.DAYS).plusSeconds(60);
    }

    private String runId(int n, int scale) {
        return "2023" + String.format("%03d", n) + "-" + ENGINE + "-" + profile + "-s" + scale;
    }

    /** Each run as the lab writes it when it has the complete result: its rounds' and its run's points. */
    private void write(List<RunResult> runs) {
        List<String> lines = new ArrayList<>();
        runs.forEach(r -> lines.addAll(InfluxPoints.summary(r)));
        client.getWriteApiBlocking().writeRecords(BUCKET, ORG, WritePrecision.NS, lines);
    }

    private CliCapture.Outcome history(String... more) {
        List<String> args = new ArrayList<>(List.of("history", "--influx-url", url, "--influx-token-file", tokenFile,
                "--engine", ENGINE, "--profile", profile, "--clients", Integer.toString(CLIENTS)));
        args.addAll(List.of(more));
        return CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
    }

    /** This cell's tps change points in InfluxDB. */
    private List<FluxRecord> changePoints() {
        return changePoints("tps", CLIENTS);
    }

    /** A metric's change points of this profile at a client count, one record per point with its fields as columns. */
    private List<FluxRecord> changePoints(String metric, int clients) {
        String flux = "from(bucket: \"" + BUCKET + "\") |> range(start: 0)"
                + " |> filter(fn: (r) => r._measurement == \"" + InfluxPoints.CHANGE_POINT + "\" and r.engine == \""
                + ENGINE + "\" and r.profile == \"" + profile + "\" and r.clients == \"" + clients
                + "\" and r.metric == \"" + metric + "\")"
                + " |> pivot(rowKey: [\"_time\"], columnKey: [\"_field\"], valueColumn: \"_value\")";
        return client.getQueryApi().query(flux, ORG).stream().flatMap(t -> t.getRecords().stream()).toList();
    }

}
