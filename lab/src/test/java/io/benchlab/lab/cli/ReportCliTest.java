package io.benchlab.lab.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** lab report on a real result, and on bad input: one line, exit 2, and the report file untouched. */
@ResourceLock(Resources.SYSTEM_OUT)
@ResourceLock(Resources.SYSTEM_ERR)
class ReportCliTest {

    @TempDir
    static Path shared;

    /** A real result of a short embedded run. */
    static Path result;

    @BeforeAll
    static void run() {
        result = shared.resolve("h2.json");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "run", "--engine", "h2", "--scale", "1", "--clients", "2",
                "--duration", "1s", "--warmup", "0s", "-q", "-o", result.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
    }

    @Test
    void aResultMakesOneHtmlFileAndOneLine(@TempDir Path dir) throws IOException {
        Path report = dir.resolve("site/report.html");
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, "report", result.toString(), "-o", report.toString());
        assertThat(o.exitCode()).as("%s", o).isZero();
        assertThat(o.out()).isEqualTo("report  " + report + "  (1 run)\n");
        assertThat(o.allErr()).isEmpty();
        var doc = Jsoup.parse(report.toFile());
        assertThat(doc.select("svg.chart[data-chart=tps-by-run] rect.bar")).hasSize(1);
        assertThat(doc.select("table.runs tbody tr")).hasSize(1);
        try (Stream<Path> files = Files.list(report.getParent())) {
            assertThat(files).as("no temp file left").containsExactly(report);
        }
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("{missing}"), "result {missing}: no such file"),
                Arguments.of(List.of("{dir}"), "result {dir}: not a file"),
                Arguments.of(List.of("{result}", "{notJson}"), "result {notJson} is not a benchlab result: not JSON"),
                Arguments.of(List.of("{notResult}"), "result {notResult} is not a benchlab result: "),
                Arguments.of(List.of("{result}", "{result}"), " is given twice ("),
                Arguments.of(List.of("{result}", "-o", "{dir}"), "-o {dir} is a directory"),
                Arguments.of(List.of("{result}", "-o", "/proc/report.html"), "cannot write the report to /proc/report.html"),
                Arguments.of(List.of("{result}", "-o", "{notJson}/report.html"), "cannot write the report to {notJson}/report.html"),
                Arguments.of(List.of("{result}", "-o", "{dir}/"), "names a directory"),
                Arguments.of(List.of("-o", "{report}"), "Missing required parameter: 'RESULT'"),
                Arguments.of(List.of("{result}"), "Missing required option: '--output=FILE'"));
    }

    @ParameterizedTest(name = "lab report {0}")
    @MethodSource("badInput")
    void badInputIsOneLineExitTwoAndTheReportUntouched(List<String> args, String expected, @TempDir Path dir)
            throws IOException {
        Path report = Files.writeString(dir.resolve("report.html"), "the report before");
        Path notJson = Files.writeString(dir.resolve("not.json"), "{\"run_id\": ");
        Path notResult = Files.writeString(dir.resolve("other.json"), "{\"tps\": 12}");
        Path sub = Files.createDirectory(dir.resolve("sub"));
        List<String> all = new ArrayList<>(List.of("report"));
        args.forEach(a -> all.add(fill(a, dir, sub, notJson, notResult, report)));
        if (!args.contains("-o") && !expected.startsWith("Missing required option")) {
            all.addAll(List.of("-o", report.toString()));
        }
        CliCapture.Outcome o = CliCapture.run(LabMain::commandLine, all.toArray(String[]::new));
        assertThat(o.exitCode()).as("%s", o).isEqualTo(2);
        assertThat(o.allErr().lines().toList()).as("%s", o).singleElement().asString()
                .startsWith("lab: ").contains(fill(expected, dir, sub, notJson, notResult, report))
                .doesNotContain("Exception");
        assertThat(o.allOut()).isEmpty();
        assertThat(Files.readString(report)).isEqualTo("the report before");
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files).as("nothing new").containsExactlyInAnyOrder(report, notJson, notResult, sub);
        }
        try (Stream<Path> files = Files.list(sub)) {
            assertThat(files).isEmpty();
        }
    }

    private static String fill(String s, Path dir, Path sub, Path notJson, Path notResult, Path report) {
        return s.replace("{missing}", dir.resolve("missing.json").toString()).replace("{dir}", sub.toString())
                .replace("{notJson}", notJson.toString()).replace("{notResult}", notResult.toString())
                .replace("{result}", result.toString()).replace("{report}", report.toString());
    }
}
