package io.benchlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.benchlab.results.CapacityJson;
import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.ResultJson;
import io.benchlab.results.RunResult;
import io.benchlab.results.Status;
import io.benchlab.results.StepVerdict;
import io.benchlab.runner.core.BadInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A capacity search in the report: its curve with each step's data, the objective, the capacity, its steps' table. */
class CapacityChartTest {

    /** Steps run in search order (up, up, fail, bisect, unclear); p99 rises with the rate, past 10 ms at 3,500. */
    static CapacityResult search(RunResult step) {
        List<CapacityStep> steps = List.of(step(1, 1000, 2.0, StepVerdict.PASS), step(2, 2000, 4.0, StepVerdict.PASS),
                step(3, 4000, 25.0, StepVerdict.FAIL), step(4, 3000, 8.0, StepVerdict.PASS),
                step(5, 3500, 12.0, StepVerdict.UNCLEAR));
        return new CapacityResult(CapacityResult.SCHEMA_VERSION, CapacityResult.KIND, "cap-1", Status.OK, null,
                new CapacityResult.Span("2026-01-01T00:00:00Z", "2026-01-01T00:06:00Z"), step.engine(),
                List.of(new CapacityResult.Objective("p99<=10ms", "p99", 10.0, "ms", false),
                        new CapacityResult.Objective("failures<=1%", "failures", 0.01, "ratio", false)),
                0.2, new CapacityResult.StepTest("sign-test", "every round met each objective"),
                new CapacityResult.Search(1000, "given", null, null, 2.0, 10),
                new CapacityResult.Answer(3000.0, 3000.0, 4000.0, false, "3,000 tps passed, 4,000 failed"),
                steps, step.knobs(), step.placement(), null);
    }

    private static CapacityStep step(int index, double offered, double p99, StepVerdict verdict) {
        boolean pass = verdict == StepVerdict.PASS;
        return new CapacityStep(index, "run-" + index, "results/run-" + index + ".json", offered, offered * 0.99, 0L,
                (long) offered * 25, 0.0, new CapacityStep.StepLatency(new CapacityStep.Percentile(p99 / 4, p99 / 5, p99 / 3),
                        new CapacityStep.Percentile(p99 / 2, p99 / 2.5, p99 / 1.5),
                        new CapacityStep.Percentile(p99, p99 * 0.9, p99 * 1.1)),
                List.of(new CapacityStep.ObjectiveValue("p99", p99, p99 * 0.9, p99 * 1.1, pass)), verdict,
                pass ? "held in 5 of 5 rounds" : "p99 above 10 ms");
    }

    private static Document page(CapacityResult c) {
        return Jsoup.parse(ReportPage.render(List.of(), List.of(new Report.Capacity(Path.of("cap.json"), c)),
                Instant.parse("2026-01-01T00:00:00Z"), List.of()));
    }

    @Test
    void eachStepIsAPointOfEachPercentileWithItsIntervalAndVerdict() {
        CapacityResult c = search(Results.run("r", "h2", 4, 1000, 0.1, 2, 990, 1010));
        Document doc = page(c);
        Element chart = doc.selectFirst("svg.chart[data-chart=capacity-1]");
        assertThat(chart).isNotNull();
        Elements p99 = chart.select("g.series[data-figure=p99] circle.point");
        // Drawn along the rate axis, whatever order the search ran them in.
        assertThat(p99).extracting(e -> Double.parseDouble(e.attr("data-x")))
                .containsExactly(1000.0, 2000.0, 3000.0, 3500.0, 4000.0);
        for (CapacityStep s : c.steps()) {
            Element point = p99.select("[data-step=" + s.index() + "]").first();
            assertThat(Double.parseDouble(point.attr("data-y"))).isEqualTo(s.latency().p99().ms());
            assertThat(Double.parseDouble(point.attr("data-low"))).isEqualTo(s.latency().p99().low());
            assertThat(Double.parseDouble(point.attr("data-high"))).isEqualTo(s.latency().p99().high());
            assertThat(point.attr("data-run-id")).isEqualTo(s.runId());
            assertThat(point.attr("data-verdict")).isEqualTo(s.verdict().json());
            assertThat(point.hasClass("fail")).isEqualTo(s.verdict() == StepVerdict.FAIL);
            assertThat(point.hasClass("unclear")).isEqualTo(s.verdict() == StepVerdict.UNCLEAR);
            assertThat(point.attr("fill")).isEqualTo(s.pass() ? point.attr("stroke") : "#fff");
            assertThat(point.select("title").text()).contains("offered " + Html.figure(s.offeredTps()));
        }
        assertThat(chart.select("g.series")).extracting(e -> e.attr("data-figure")).containsExactly("p99", "p95", "p50");
        assertThat(chart.select("line.whisker")).hasSize(15);
        // The latency objective is a line at its threshold; the failure objective has no line on a latency axis.
        assertThat(chart.select("g.objective")).extracting(e -> e.attr("data-threshold")).containsExactly("10.0");
        Element capacity = chart.selectFirst("g.capacity");
        assertThat(List.of(capacity.attr("data-low"), capacity.attr("data-high"))).containsExactly("3000.0", "4000.0");
        assertThat(capacity.select("rect.band")).hasSize(1);
        assertThat(doc.select("table.capacity-steps tbody tr")).extracting(e -> e.attr("data-run-id"))
                .containsExactly("run-1", "run-2", "run-3", "run-4", "run-5");
        assertThat(doc.selectFirst(".capacity-answer").text()).contains("capacity 3,000 tps (between 3,000 and 4,000");
        assertThat(doc.select("table.capacity-steps .status-unclear")).extracting(Element::text).containsExactly("unclear");
        assertThat(doc.select("svg.chart[data-chart=tps-by-run]")).as("no run charts without runs").isEmpty();
    }

    @Test
    void aSearchWithNoPassDrawsNoCapacity() {
        CapacityResult c = search(Results.run("r", "h2", 4, 1000, 0.1, 2, 990, 1010));
        CapacityResult none = new CapacityResult(c.schemaVersion(), c.kind(), c.capacityId(), c.status(), null,
                c.timestamps(), c.engine(), c.objectives(), c.precision(), c.test(), c.search(),
                new CapacityResult.Answer(null, null, 1000.0, false, "even 1,000 tps failed"),
                List.of(step(1, 1000, 30, StepVerdict.FAIL)), c.knobs(), c.placement(), null);
        Document doc = page(none);
        assertThat(doc.select("g.capacity")).isEmpty();
        assertThat(doc.select("circle.point.fail")).hasSize(3);
        assertThat(doc.selectFirst(".capacity-answer").text()).contains("no capacity found");
    }

    @Test
    void aReportTakesCapacityDocumentsBesideRunResults(@TempDir Path dir) throws Exception {
        // A real run's golden result (the runner's), valid against the schema as lab report asks.
        String golden;
        try (var in = CapacityChartTest.class.getResourceAsStream("/golden/run-result-seed42.json")) {
            golden = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        RunResult run = ResultJson.read(golden);
        Path runFile = dir.resolve("r-1.json");
        Files.writeString(runFile, golden);
        Path capFile = dir.resolve("cap.json");
        Files.writeString(capFile, CapacityJson.write(search(run)));
        Path html = dir.resolve("report.html");
        assertThat(Report.write(List.of(capFile, runFile), html)).isEqualTo(2);
        Document doc = Jsoup.parse(Files.readString(html));
        assertThat(doc.select("svg.chart[data-chart=capacity-1]")).hasSize(1);
        assertThat(doc.select("svg.chart[data-chart=tps-by-run] rect.bar")).hasSize(1);

        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"kind\": \"capacity\", \"capacity_id\": \"x\"}");
        assertThatThrownBy(() -> Report.write(List.of(broken), dir.resolve("other.html")))
                .isInstanceOf(BadInputException.class).hasMessageStartingWith("capacity result " + broken + " is not valid");
        assertThat(dir.resolve("other.html")).doesNotExist();
    }
}
