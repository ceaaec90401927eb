package io.benchlab.lab.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.ResultJson;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/** lab history on CSV files: the table, the JSON, and one line for bad input. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class HistoryCliTest {

    @TempDir
    Path dir;

    private static CliCapture.Outcome lab(String... args) {
        return CliCapture.run(LabMain::commandLine, args);
    }

    /** 30 nights of 5 rounds at CV 3%, 5% less from night 20, where the git sha changes too. */
    private Path nightly() throws IOException {
        Random random = new Random(7);
        StringBuilder csv = new StringBuilder("time,tps,git_sha\n");
        for (int n = 0; n < 30; n++) {
            for (int r = 0; r < 5; r++) {
                double tps = 1000 * (n >= 20 ? 0.95 : 1) * (1 + 0.03 * random.nextGaussian());
                csv.append(String.format(Locale.ROOT, "2026-10-%02d 02:00:00 +0000,%.2f,%s%n", n + 1, tps,
                        n >= 20 ? "b2" : "a1"));
            }
        }
        return Files.writeString(dir.resolve("nightly.csv"), csv);
    }


    @Test
    void aStepIsOneChangePointWithWhatDiffersAcrossIt() throws IOException {
        CliCapture.Outcome o = lab("history", "--csv", nightly().toString(), "--metric", "tps");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("30 points from 2026-10-01 02:00:00 +0000 to 2026-10-30 02:00:00 +0000",
                "5 values (rounds) each", "1 change point at p < 0.001", "2026-10-21 02:00:00 +0000",
                "git_sha a1 -> b2");
    }

    @Test
    void jsonHasTheFieldsOtavaNames() throws IOException {
        CliCapture.Outcome o = lab("history", "--csv", nightly().toString(), "--time-column", "time", "--metric",
                "tps", "--json");
        assertThat(o.exitCode()).as("%s", o).isZero();
        JsonNode root = ResultJson.mapper().readTree(o.out());
        assertThat(root.path("points").asInt()).isEqualTo(30);
        JsonNode cp = root.path("change_points").get(0);
        assertThat(root.path("change_points")).hasSize(1);
        assertThat(cp.path("time").asText()).isEqualTo("2026-10-21 02:00:00 +0000");
        assertThat(cp.path("mean_before").asDouble()).isBetween(990.0, 1010.0);
        assertThat(cp.path("mean_after").asDouble()).isBetween(940.0, 960.0);
        assertThat(cp.path("change").asDouble()).isBetween(-0.06, -0.04);
        assertThat(cp.path("p_value").asDouble()).isLessThan(0.001);
    }

    @Test
    void aFlatHistoryHasNoChangePoint() throws IOException {
        StringBuilder csv = new StringBuilder("day,latency\n");
        Random random = new Random(3);
        for (int n = 0; n < 20; n++) {
            csv.append(String.format(Locale.ROOT, "2026-11-%02d,%.4f%n", n + 1, 2 + 0.05 * random.nextGaussian()));
        }
        Path file = Files.writeString(dir.resolve("flat.csv"), csv);
        CliCapture.Outcome o = lab("history", "--csv", file.toString(), "--time-column", "day", "--metric", "latency");
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).contains("20 points", "1 value each", "no change point");
    }

    @Test
    void aChangeFromNothingHasNoRelativeChange() throws IOException {
        StringBuilder csv = new StringBuilder("time,failures\n");
        for (int n = 0; n < 20; n++) {
            csv.append(n + 1).append(',').append(n < 10 ? "0" : "2.5").append('\n');
        }
        Path file = Files.writeString(dir.resolve("failures.csv"), csv);
        CliCapture.Outcome text = lab("history", "--csv", file.toString(), "--metric", "failures");
        assertThat(text.exitCode()).as("%s", text).isZero();
        assertThat(text.out()).contains("from 0").doesNotContain("NaN");
        JsonNode cp = ResultJson.mapper().readTree(lab("history", "--csv", file.toString(), "--metric", "failures",
                "--json").out()).path("change_points").get(0);
        assertThat(cp.path("change").isNull()).isTrue();
        assertThat(cp.path("mean_after").asDouble()).isEqualTo(2.5);
    }

    @Test
    void badCsvInputIsOneLine() throws IOException {
        String file = nightly().toString();
        lab("history", "--csv", file, "--metric", "p99")
                .assertBadInputLine("has no column 'p99' (its columns: time, tps, git_sha)");
        lab("history", "--csv", file, "--time-column", "when", "--metric", "tps")
                .assertBadInputLine("has no column 'when'");
        lab("history", "--csv", file, "--metric", "git_sha")
                .assertBadInputLine("line 2: git_sha is 'a1', not a number");
        Path badTime = Files.writeString(dir.resolve("t.csv"), "time,tps\nyesterday,1\n");
        lab("history", "--csv", badTime.toString(), "--metric", "tps")
                .assertBadInputLine("the time 'yesterday' is no time");
        Path three = Files.writeString(dir.resolve("3.csv"), "time,tps\n1,10\n2,11\n3,12\n");
        lab("history", "--csv", three.toString(), "--metric", "tps")
                .assertBadInputLine("the history holds 3 points; the method needs at least 4");
        lab("history", "--csv", dir.resolve("none.csv").toString(), "--metric", "tps").assertBadInputLine("cannot read");
    }

    @Test
    void badOptionsAreOneLine() throws IOException {
        String file = nightly().toString();
        String token = Files.writeString(dir.resolve("token"), "t0ken\n").toString();
        String down = "http://127.0.0.1:1";
        lab("history").assertBadInputLine("give either --csv FILE (with --metric) or --influx-url (with --engine)");
        lab("history", "--csv", file).assertBadInputLine("--csv needs --metric NAME");
        lab("history", "--csv", file, "--metric", "tps", "--engine", "postgres")
                .assertBadInputLine("go with --influx-url");
        lab("history", "--csv", file, "--metric", "tps", "--p-value", "1.5")
                .assertBadInputLine("--p-value must be between 0 and 1");
        lab("history", "--csv", file, "--metric", "tps", "--influx-url", down, "--influx-token-file", token)
                .assertBadInputLine("give either");
        lab("history", "--influx-url", down, "--influx-token-file", token)
                .assertBadInputLine("--influx-url needs --engine ENGINE");
        lab("history", "--influx-url", down, "--influx-token-file", token, "--engine", "postgres", "--metric", "p42")
                .assertBadInputLine("--metric p42: give one of tps, p50_ms, p95_ms, p99_ms, failures_percent");
        CliCapture.Outcome unreachable = lab("history", "--influx-url", down, "--influx-token-file", token,
                "--engine", "postgres");
        unreachable.assertBadInputLine("cannot read runs from InfluxDB at http://127.0.0.1:1: it does not answer");
        assertThat(unreachable.everything()).doesNotContain("t0ken");
    }
}
