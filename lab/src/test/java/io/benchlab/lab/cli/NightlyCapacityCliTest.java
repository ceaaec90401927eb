package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlab.lab.ResultFiles;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.ResultJson;
import io.benchlab.results.Status;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * lab nightly with a capacity cell on the embedded engines, over two nights: the cell's file is its
 * search's document, its steps' results beside it; the first night is a first night, the second is
 * judged against the first night's document (not a step's result, nor the canary, a run cell of the
 * same engine and clients), the reports list the cell, and a night started again keeps it. Each
 * night some 20 s: two steps of 5 rounds of 1 s after a 1 s warm-up (15 s), and the canary.
 */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class NightlyCapacityCliTest {

    /** NightlyCliTest's plan, its cell a capacity cell and its canary a run cell of the same engine and clients. */
    private static final String PLAN = NightlyCliTest.PLAN.replace("    clients: [1]\n", """
                clients: [1]
                options: {duration: 1s, warmup: 1s, interval: 500ms}
                capacity:
                  slo: ["p99<=1s"]
                  precision: 0.5
                  start-rate: 20
                  max-steps: 2
            """).replace("{engine: h2,", "{engine: hsqldb,");
    private static final String CELL = "capacity-hsqldb-memory-c1";

    @Test
    void aCapacityCellIsJudgedAgainstItsFirstNightsDocument(@TempDir Path dir) throws IOException {
        CliCapture.Outcome first = nightly(dir, "n1");
        assertThat(first.exitCode()).as(first.toString()).isZero();
        assertThat(line(first.out(), CELL)).contains("first night");
        assertThat(line(first.out(), "canary-hsqldb-memory-c1")).as("a run cell of its own").contains("first night");
        assertThat(first.out()).contains("nightly: 2 cells, pass");
        Path n1 = dir.resolve("nights/n1");
        CapacityResult search = ResultFiles.readCapacity(n1.resolve(CELL + ".json"));
        assertThat(search.status()).isEqualTo(Status.OK);
        assertThat(search.steps()).as("beside the document").hasSize(2)
                .allSatisfy(s -> assertThat(Path.of(s.file()).toAbsolutePath().getParent()).isEqualTo(n1.toAbsolutePath()));
        assertThat(n1.resolve("report.md")).content().contains("| " + CELL + " | first night |");
        assertThat(n1.resolve("report.html")).content().contains(CELL);

        // The first night's document as if its search had bracketed the capacity far from anything here.
        distinctInterval(n1.resolve(CELL + ".json"));
        CliCapture.Outcome second = nightly(dir, "n2");
        assertThat(line(second.out(), CELL)).as(second.toString())
                .containsAnyOf("no change", "regressed", "improved")
                .contains("[1,234, 5,678] tps on the last night (1 earlier night)");
        assertThat(line(second.out(), "canary-hsqldb-memory-c1")).as("judged against its own result, not the steps'")
                .contains("against 1 night");
        assertThat(dir.resolve("nights/n2/report.md")).content().contains("| " + CELL + " | ");

        CliCapture.Outcome again = nightly(dir, "n2");
        assertThat(again.err()).contains(CELL + ": kept, it finished on an earlier start of this night");
        assertThat(stepResults(dir.resolve("nights/n2"))).as("not run again").hasSize(2);
    }

    private static void distinctInterval(Path document) throws IOException {
        ObjectNode root = (ObjectNode) ResultJson.mapper().readTree(Files.readString(document));
        ((ObjectNode) root.get("capacity")).put("low", 1234.0).put("high", 5678.0);
        Files.writeString(document, ResultJson.mapper().writeValueAsString(root));
    }

    /** The night's run results but the cells': the steps', named by their run ids. */
    private static List<Path> stepResults(Path night) throws IOException {
        try (Stream<Path> files = Files.list(night)) {
            return files.filter(f -> f.getFileName().toString().matches("\\d.*-hsqldb-.*\\.json")).toList();
        }
    }

    private static CliCapture.Outcome nightly(Path dir, String night) throws IOException {
        return NightlyCliTest.nightly(dir, PLAN, night);
    }

    private static String line(String out, String cell) {
        return NightlyCliTest.line(out, cell);
    }
}
