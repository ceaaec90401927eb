package io.benchlab.lab.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.benchlab.lab.cli.LabMain;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.runner.cli.CliCapture;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * A real sweep made into a report that headless Chromium opens: the charts and their data are
 * checked in the DOM Chromium built, against the sweep's result files; a screenshot is kept.
 */
final class SweepReports {

    private SweepReports() {
    }

    /**
     * Sweeps {@code engines} over {@code clients} with {@code runOptions}, reports into {@code dir}, and
     * checks the DOM; the screenshot goes to {@code screenshot}.
     */
    static void sweepReportAndCheck(List<String> engines, List<Integer> clients, List<String> runOptions, Path dir,
                                    Path screenshot) throws IOException, InterruptedException {
        Chromium chromium = Chromium.require(dir);
        Path results = dir.resolve("results");
        List<String> args = new ArrayList<>(List.of("sweep", "--engine", String.join(",", engines), "--clients",
                String.join(",", clients.stream().map(String::valueOf).toList()), "-q", "-o", results.toString()));
        args.addAll(runOptions);
        CliCapture.Outcome sweep = CliCapture.run(LabMain::commandLine, args.toArray(String[]::new));
        assertThat(sweep.exitCode()).as("%s", sweep).isZero();
        List<RunResult> runs = table(sweep.out(), engines, clients);

        Path report = dir.resolve("report.html");
        List<String> reportArgs = new ArrayList<>(List.of("report", "-o", report.toString()));
        try (Stream<Path> files = Files.list(results)) {
            files.map(Path::toString).sorted().forEach(reportArgs::add);
        }
        CliCapture.Outcome made = CliCapture.run(LabMain::commandLine, reportArgs.toArray(String[]::new));
        assertThat(made.exitCode()).as("%s", made).isZero();

        Document dom = Jsoup.parse(chromium.dumpDom(report));
        checkCharts(dom, runs, engines, clients);
        Files.createDirectories(screenshot.toAbsolutePath().getParent());
        Files.deleteIfExists(screenshot);
        chromium.screenshot(report, screenshot, 1200, 1600);
        checkPng(screenshot, 1200, 1600);
    }

    /** The sweep's table: one ok line per point, engine by engine, naming a result file that holds that point. */
    private static List<RunResult> table(String out, List<String> engines, List<Integer> clients) throws IOException {
        // After each point's summary (which has an "engine" line of its own), the table.
        List<String> lines = out.lines().dropWhile(l -> !l.matches("engine\\s+clients\\s+status.*")).toList();
        assertThat(lines.get(0).split("\\s+")).containsExactly("engine", "clients", "status", "tps", "p50", "ms",
                "p99", "ms", "failures", "warnings", "result");
        List<RunResult> runs = new ArrayList<>();
        int row = 1;
        for (String engine : engines) {
            for (int c : clients) {
                String[] cells = lines.get(row++).split("\\s+");
                assertThat(cells).as("row %s", Arrays.toString(cells)).hasSize(9);
                assertThat(List.of(cells[0], cells[1], cells[2])).containsExactly(engine, "" + c, "ok");
                RunResult r = ResultJson.read(Path.of(cells[8]));
                assertThat(r.engine().name()).isEqualTo(engine);
                assertThat(r.knobs().clients()).isEqualTo(c);
                assertThat(Double.parseDouble(cells[3])).isCloseTo(r.figures().tps(), within(0.051));
                assertThat(Long.parseLong(cells[6])).isEqualTo(r.figures().failed());
                assertThat(cells[7]).as("the point's warnings").isEqualTo(r.warnings().isEmpty() ? "-"
                        : String.join(",", r.warnings().stream().map(w -> w.code()).toList()));
                assertThat(cells[7].contains("branch_contention")).as("more clients than branches")
                        .isEqualTo(c > r.knobs().scale());
                runs.add(r);
            }
        }
        assertThat(lines).hasSize(row);
        return runs;
    }

    private static void checkCharts(Document dom, List<RunResult> runs, List<String> engines, List<Integer> clients) {
        // Throughput against clients: one line per engine, a point per client count at that run's tps.
        Elements curves = chart(dom, "tps-by-clients").select("g.series");
        assertThat(curves).extracting(e -> e.attr("data-engine")).containsExactlyElementsOf(engines);
        for (Element curve : curves) {
            Elements points = curve.select("circle.point");
            assertThat(numbers(points, "data-x")).containsExactlyElementsOf(clients.stream().map(Integer::doubleValue).toList());
            for (Element p : points) {
                RunResult r = run(runs, curve.attr("data-engine"), (int) Double.parseDouble(p.attr("data-x")));
                assertThat(Double.parseDouble(p.attr("data-y"))).isEqualTo(r.figures().tps());
                assertThat(p.select("title").text()).isNotBlank();
            }
        }
        Elements latency = chart(dom, "latency-by-clients").select("g.series");
        assertThat(latency).hasSize(2 * engines.size());
        for (Element line : latency.select("[data-figure=p99]")) {
            for (Element p : line.select("circle.point")) {
                RunResult r = run(runs, line.attr("data-engine"), (int) Double.parseDouble(p.attr("data-x")));
                assertThat(Double.parseDouble(p.attr("data-y"))).isEqualTo(r.figures().latency().p99Ms());
            }
        }
        // A bar per run at its tps; a line per run over time, a point per interval.
        Elements bars = chart(dom, "tps-by-run").select("rect.bar");
        assertThat(bars).hasSize(runs.size());
        Elements overTime = chart(dom, "tps-over-time").select("g.series");
        assertThat(overTime).hasSize(runs.size());
        for (RunResult r : runs) {
            assertThat(Double.parseDouble(bars.select("[data-run-id=" + r.runId() + "]").attr("data-value")))
                    .isEqualTo(r.figures().tps());
            Elements points = overTime.select("[data-run-id=" + r.runId() + "] circle.point");
            assertThat(r.intervals()).as("intervals of %s", r.runId()).isNotEmpty();
            assertThat(numbers(points, "data-y")).containsExactlyElementsOf(
                    r.intervals().stream().map(IntervalPoint::tps).toList());
        }
        assertThat(chart(dom, "p99-over-time").select("g.series")).hasSize(runs.size());
        assertThat(chart(dom, "p99-by-run").select("rect.bar")).hasSize(runs.size());
        assertThat(dom.select("table.runs tbody tr")).extracting(e -> e.attr("data-run-id"))
                .containsExactlyInAnyOrderElementsOf(runs.stream().map(RunResult::runId).toList());
    }

    private static Element chart(Document dom, String id) {
        Elements found = dom.select("svg.chart[data-chart=" + id + "]");
        assertThat(found).as("chart %s in Chromium's DOM", id).hasSize(1);
        assertThat(found.first().select("g.legend-item")).as("legend of %s", id).isNotEmpty();
        return found.first();
    }

    private static RunResult run(List<RunResult> runs, String engine, int clients) {
        return runs.stream().filter(r -> r.engine().name().equals(engine) && r.knobs().clients() == clients)
                .findFirst().orElseThrow();
    }

    private static List<Double> numbers(Elements elements, String attribute) {
        return elements.stream().map(e -> Double.parseDouble(e.attr(attribute))).toList();
    }

    /** A PNG of the window's size that is not blank: a white page compresses to a few kilobytes. */
    private static void checkPng(Path png, int width, int height) throws IOException {
        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).as("PNG signature").startsWith(0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n');
        ByteBuffer header = ByteBuffer.wrap(bytes, 16, 8);
        assertThat(List.of(header.getInt(), header.getInt())).as("width, height").containsExactly(width, height);
        assertThat(bytes.length).as("bytes of %s", png).isGreaterThan(30_000);
    }
}
