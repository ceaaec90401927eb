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


    @Test
    void twoRunsOfOneLevelPassWithATable() throws IOException {
        CliCapture.Outcome o = lab("compare", file("a.json", run("run-a", TPS, MS, MS)),
                file("b.json", run("run-b", times(TPS, 1.01), MS, MS)));
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("baseline run-a", "run      run-b", "metric", "noise", " p ", "verdict", "tps",
                "samples: 8 rounds against 8 (one run a side: the spread between runs is taken as 1 times",
                "p50 ms", "p95 ms", "p99 ms", "failures %", "+1.0%", "no change").endsWith("no regression\n");
        assertThat(o.out()).doesNotContain("regressed", "improved");
    }

    @Test
    void aLoadProfilesRoundsAreNotSamplesOfOneRate() throws IOException {
        String a = file("a.json", run("run-a", TPS, MS, MS));
        String stepped = file("s.json", run("run-s", Runs.KNOBS.with("rate_steps", "100,200"), Map.of(), TPS, MS, MS, 0));
        lab("compare", a, stepped).assertBadInputLine("refusing to compare run-s: it ran a load profile (--rate-steps"
                + " 100,200), whose rounds ran at different rates");
        String ramp = file("r.json", run("run-r", Runs.KNOBS.with("rate_ramp", "100..400"), Map.of(), TPS, MS, MS, 0));
        lab("compare", ramp, a).assertBadInputLine("(--rate-ramp 100..400)");
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
    void aHigherThresholdLetsASmallChangePass() throws IOException {
        String a = file("a.json", run("run-a", TPS, MS, MS));
        String b = file("b.json", run("run-b", times(TPS, 0.94), MS, MS));
        // The rounds alone (--between-runs 0) call 6% certain; the threshold decides.
        assertThat(lab("compare", "--between-runs", "0", "--threshold", "7", a, b).exitCode()).isZero();
        assertThat(lab("compare", "--between-runs", "0", a, b).exitCode()).isEqualTo(1);
        // Taken that whole runs differ as their rounds do (the default), 6% is within the noise.
        assertThat(lab("compare", a, b).exitCode()).isZero();
    }

    @Test
    void severalRunsMakeOneSide() throws IOException {
        String a1 = file("a1.json", run("run-a1", TPS, MS, MS));
        String a2 = file("a2.json", run("run-a2", times(TPS, 1.02), MS, MS));
        String b1 = file("b1.json", run("run-b1", times(TPS, 0.5), MS, MS));
        String b2 = file("b2.json", run("run-b2", times(TPS, 0.51), MS, MS));
        CliCapture.Outcome o = lab("compare", a1 + "," + a2, b1 + "," + b2);
        assertThat(o.exitCode()).as("%s", o).isEqualTo(1);
        assertThat(o.out()).contains("baseline 2 runs:", "run-a1", "run-a2", "samples: 16 rounds against 16",
                "the spread between the runs of a side is measured")
                .endsWith("regressed: 2 runs: run-b1, run-b2 tps\n");
        lab("compare", a1 + ",," + a2, b1).assertBadInputLine("names an empty run");
    }

    @Test
    void tooFewRoundsAreInconclusiveAWarningAndAFailureUnderStrict() throws IOException {
        double[] three = {1000, 1010, 990};
        double[] ms = {1, 1, 1};
        String a = file("a.json", run("run-a", Runs.KNOBS, Map.of(), three, ms, ms, 0));
        String b = file("b.json", run("run-b", Runs.KNOBS, Map.of(), times(three, 0.5), ms, ms, 0));
        CliCapture.Outcome o = lab("compare", a, b);
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("inconclusive: at least 5 rounds a side\n",
                "WARNING inconclusive: run-b tps, run-b p50 ms", "each row says what would tell", "--strict fails on it")
                .endsWith("no regression\n");
        assertThat(lab("compare", "--strict", a, b).exitCode()).isEqualTo(1);
        // At alpha 0.2 three rounds a side can tell: the halved tps is a regression.
        assertThat(lab("compare", "--alpha", "0.2", a, b).exitCode()).isEqualTo(1);
    }

    @Test
    void runsFromOtherNodesAreRefusedUnlessAllowed() throws IOException {
        RunResult base = run("run-a", TPS, MS, MS);
        String a = file("a.json", onNode(base, "6.1.0", "boot-1"));
        String b = file("b.json", onNode(run("run-b", TPS, MS, MS), "6.1.0", "boot-2"));
        String c = file("c.json", onNode(run("run-c", TPS, MS, MS), "6.5.0", "boot-1"));
        lab("compare", a, b)
                .assertBadInputLine("refusing to compare run-b with the baseline run-a: they ran on other nodes"
                + " (boot id boot-1 vs boot-2; --allow-node-change compares them anyway)");
        lab("compare", a, c).assertBadInputLine("kernel 6.1.0 vs 6.5.0");
        assertThat(lab("compare", "--allow-node-change", a, b, c).exitCode()).isZero();
    }

    private static RunResult onNode(RunResult r, String kernel, String bootId) {
        io.benchlab.results.Environment e = new io.benchlab.results.Environment("0.1.0", "sha", "jvm", "vendor",
                "Linux " + kernel, "amd64", "cpu", 2, 1L << 30, "host", java.util.List.of(), null, null, kernel, bootId,
                "none");
        return new RunResult(r.schemaVersion(), r.runId(), r.status(), r.cause(), r.warnings(), r.timestamps(),
                r.knobs(), r.engine(), e, r.placement(), r.load(), r.warmup(), r.figures(), r.rounds(), r.intervals(),
                r.consistency(), null);
    }

    @Test
    void runsThatDifferAreRefusedUnlessAllowed() throws IOException {
        Knobs eight = Runs.KNOBS.with("clients", 8);
        String a = file("a.json", run("run-a", TPS, MS, MS));
        String b = file("b.json", run("run-b", eight, Map.of(), TPS, MS, MS, 0));
        lab("compare", a, b)
                .assertBadInputLine("refusing to compare run-b with the baseline run-a: they differ in clients 4"
                + " vs 8", "--allow-differences");
        CliCapture.Outcome allowed = lab("compare", "--allow-differences", a, b);
        assertThat(allowed.exitCode()).as("%s", allowed).isZero();
        assertThat(allowed.out()).contains("differs (allowed): clients 4 vs 8");
    }

    @Test
    void aMissingFileIsOneLine() throws IOException {
        lab("compare", file("a.json", run("run-a", TPS, MS, MS)), dir.resolve("nope.json").toString())
                .assertBadInputLine("nope.json: no such file");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"run_id\": ", "{}", "[1, 2]"})
    void aFileThatIsNoResultIsOneLine(String text) throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), text);
        lab("compare", file("a.json", run("run-a", TPS, MS, MS)), bad.toString())
                .assertBadInputLine("result " + bad + " is not a benchlab result");
    }

    @Test
    void aRunIdWithoutInfluxDbIsOneLine() throws IOException {
        lab("compare", file("a.json", run("run-a", TPS, MS, MS)), "20261122T184328Z-hsqldb-46c9")
                .assertBadInputLine("20261122T184328Z-hsqldb-46c9 is no result file; to read run"
                        + " 20261122T184328Z-hsqldb-46c9 from InfluxDB, give --influx-url");
    }

    @Test
    void anInfluxDbThatDoesNotAnswerIsOneLine() throws IOException {
        Path token = Files.writeString(dir.resolve("token"), "not-a-real-token\n");
        CliCapture.Outcome o = lab("compare", "--influx-url", "http://127.0.0.1:1", "--influx-token-file",
                token.toString(), file("a.json", run("run-a", TPS, MS, MS)), "some-run");
        o.assertBadInputLine("cannot read runs from InfluxDB at http://127.0.0.1:1: it does not answer");
        assertThat(o.everything()).doesNotContain("not-a-real-token");
    }

    @Test
    void badOptionsAreOneLine() throws IOException {
        String a = file("a.json", run("run-a", TPS, MS, MS));
        lab("compare", "--threshold", "-1", a, a).assertBadInputLine("--threshold must be a percentage of 0 or more");
        lab("compare", "--threshold", "five", a, a).assertBadInputLine("--threshold");
        lab("compare", "--alpha", "0", a, a).assertBadInputLine("--alpha must be from 1.0E-6 to 0.2, got 0.0");
        lab("compare", "--alpha", "0.5", a, a).assertBadInputLine("--alpha must be from");
        lab("compare", "--between-runs", "-0.5", a, a).assertBadInputLine("--between-runs must be a ratio of 0 or more");
        lab("compare", "--latency-floor", "-1", a, a)
                .assertBadInputLine("--latency-floor must be 0 or more milliseconds");
        lab("compare", a).assertBadInputLine("give two runs or more: the first is the baseline");
        lab("compare", "--by", "engine", dir.toString()).assertBadInputLine("--by engine: the one grouping is --by setup");
        lab("compare", "--by", "setup", a).assertBadInputLine("--by setup " + a + ": not a folder of results");
        lab("compare", "--by", "setup", dir.toString(), dir.toString())
                .assertBadInputLine("--by setup takes one folder of results, got 2");
        lab("compare", "--baseline", "profile=durable", a, a).assertBadInputLine("--baseline picks a group of --by setup");
        lab("compare", "--influx-url", "localhost:8086", a, "some-run")
                .assertBadInputLine("--influx-url localhost:8086: give"
                + " http://HOST[:PORT] or https://HOST[:PORT]");
        lab("compare", "--influx-url", "http://127.0.0.1:1", "--influx-token-file",
                dir.resolve("none").toString(), a, "some-run").assertBadInputLine("cannot read");
    }

    @Test
    void rerunRefusesWhatItCannotRunInOneLine() throws IOException {
        RunResult kube = run("run-k", TPS, MS, MS).withPlacement(Placement.of("kubernetes"));
        lab("rerun", file("k.json", kube))
                .assertBadInputLine("lab rerun runs results of the embedded and docker backends;"
                + " run-k ran on kubernetes");
        lab("rerun", dir.resolve("nope.json").toString()).assertBadInputLine("nope.json: no such file");
        RunResult unknown = new RunResult(kube.schemaVersion(), "run-u", kube.status(), null, kube.warnings(), null,
                kube.knobs(), new io.benchlab.results.EngineInfo("oracle", "x", null, null, null, null, Map.of()), null,
                Placement.of("embedded"), null, null, kube.figures(), kube.rounds(), kube.intervals(), null, null);
        lab("rerun", file("u.json", unknown)).assertBadInputLine("the result's engine oracle is not one this lab runs");
    }
}
