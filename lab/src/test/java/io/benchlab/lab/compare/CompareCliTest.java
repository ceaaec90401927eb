package io.benchlab.lab.compare;

import static io.benchlab.lab.compare.Runs.run;
import static io.benchlab.lab.compare.Runs.times;
import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.Knobs;
import io.benchlab.results.Placement;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** lab compare and lab rerun on the command line: tables, exit codes, and one line for bad input. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class CompareCliTest {

    private static final double[] TPS = {1000, 1040, 980, 1020, 960, 1000, 1030, 970};
    private static final double[] MS = {2.0, 2.1, 1.9, 2.0, 2.1, 1.9, 2.0, 2.0};

    @TempDir
    Path dir;

    static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    private String file(String name, RunResult r) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, ResultJson.write(r));
        return p.toString();
    }

    private static void assertOneLine(CliCapture.Outcome o, String... parts) {
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().strip().lines()).as("%s", o).hasSize(1);
        assertThat(o.allErr()).contains(parts).doesNotContain("Exception", "\tat ");
        assertThat(o.out()).isEmpty();
    }

    @Test
    void twoRunsOfOneLevelPassWithATable() throws IOException {
        CliCapture.Outcome o = lab("compare", file("a.json", run("run-a", TPS, MS, MS)),
                file("b.json", run("run-b", times(TPS, 1.01), MS, MS)));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("baseline run-a", "run      run-b", "metric", "noise", "verdict", "tps",
                "p50 ms", "p95 ms", "p99 ms", "failures %", "+1.0%", "no change").endsWith("no regression\n");
        assertThat(o.out()).doesNotContain("regressed", "improved");
    }

    @Test
    void aRegressionExitsOneAndSaysWhich() throws IOException {
        CliCapture.Outcome o = lab("compare", file("a.json", run("run-a", TPS, MS, MS)),
                file("b.json", run("run-b", TPS, MS, MS)), file("c.json", run("run-c", times(TPS, 0.5), MS, MS)));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.out()).contains("-50.0%").endsWith("regressed: run-c tps\n");
        assertThat(o.out().split("baseline run-a")).as("a table per run against the baseline").hasSize(3);
    }

    @Test
    void aLowerThresholdMakesASmallChangeCount() throws IOException {
        String a = file("a.json", run("run-a", TPS, MS, MS));
        String b = file("b.json", run("run-b", times(TPS, 0.96), MS, MS));
        assertThat(lab("compare", a, b).exitCode()).isZero();
        assertThat(lab("compare", "--threshold", "1", a, b).exitCode()).isEqualTo(1);
    }

    @Test
    void runsThatDifferAreRefusedUnlessAllowed() throws IOException {
        Knobs eight = new Knobs("tpcb", 1, 8, 10.0, null, 2.0, null, 1, 42, "tpcb", "prepared", false, "default",
                false, 10, 1.0, 10_000, 5.0);
        String a = file("a.json", run("run-a", TPS, MS, MS));
        String b = file("b.json", run("run-b", eight, Map.of(), TPS, MS, MS, 0));
        assertOneLine(lab("compare", a, b), "refusing to compare run-b with the baseline run-a: they differ in clients 4"
                + " vs 8", "--allow-differences");
        CliCapture.Outcome allowed = lab("compare", "--allow-differences", a, b);
        assertThat(allowed.exitCode()).as("%s", allowed).isZero();
        assertThat(allowed.out()).contains("differs (allowed): clients 4 vs 8");
    }

    @Test
    void aMissingFileIsOneLine() throws IOException {
        assertOneLine(lab("compare", file("a.json", run("run-a", TPS, MS, MS)), dir.resolve("nope.json").toString()),
                "nope.json: no such result file");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"run_id\": ", "{}", "[1, 2]"})
    void aFileThatIsNoResultIsOneLine(String text) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), text);
        assertOneLine(lab("compare", file("a.json", run("run-a", TPS, MS, MS)), bad.toString()),
                bad + " is not a run result");
    }

    @Test
    void aRunIdWithoutInfluxDbIsOneLine() throws IOException {
        assertOneLine(lab("compare", file("a.json", run("run-a", TPS, MS, MS)), "20261122T184328Z-hsqldb-46c9"),
                "20261122T184328Z-hsqldb-46c9 is no result file; to read run 20261122T184328Z-hsqldb-46c9 from"
                        + " InfluxDB, give --influx-url");
    }

    @Test
    void anInfluxDbThatDoesNotAnswerIsOneLine() throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "not-a-real-token\n");
        CliCapture.Outcome o = lab("compare", "--influx-url", "http://127.0.0.1:1", "--influx-token-file",
                token.toString(), file("a.json", run("run-a", TPS, MS, MS)), "some-run");
        assertOneLine(o, "cannot read runs from InfluxDB at http://127.0.0.1:1: it does not answer");
        assertThat(o.everything()).doesNotContain("not-a-real-token");
    }

    @Test
    void badOptionsAreOneLine() throws IOException {
        String a = file("a.json", run("run-a", TPS, MS, MS));
        assertOneLine(lab("compare", "--threshold", "-1", a, a), "--threshold must be a percentage of 0 or more");
        assertOneLine(lab("compare", "--threshold", "five", a, a), "--threshold");
        assertOneLine(lab("compare", a), "RUN");
        assertOneLine(lab("compare", "--influx-url", "localhost:8086", a, "some-run"), "--influx-url localhost:8086: give"
                + " http://HOST[:PORT] or https://HOST[:PORT]");
        assertOneLine(lab("compare", "--influx-url", "http://127.0.0.1:1", "--influx-token-file",
                dir.resolve("none").toString(), a, "some-run"), "cannot read");
    }

    @Test
    void rerunRefusesWhatItCannotRunInOneLine() throws IOException {
        RunResult kube = run("run-k", TPS, MS, MS).withPlacement(Placement.of("kubernetes"));
        assertOneLine(lab("rerun", file("k.json", kube)), "lab rerun runs results of the embedded and docker backends;"
                + " run-k ran on kubernetes");
        assertOneLine(lab("rerun", dir.resolve("nope.json").toString()), "cannot read");
        RunResult unknown = new RunResult(kube.schemaVersion(), "run-u", kube.status(), null, kube.warnings(), null,
                kube.knobs(), new io.benchlab.results.EngineInfo("oracle", "x", null, null, null, null, Map.of()), null,
                Placement.of("embedded"), null, null, kube.figures(), kube.rounds(), kube.intervals(), null);
        assertOneLine(lab("rerun", file("u.json", unknown)), "the result's engine oracle is not one this lab runs");
    }
}
