package io.benchlab.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.results.Setup;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;

/** The page as a browser parses it (jsoup's HTML5 parser): charts, their data, the table, escaping. */
class ReportPageTest {

    private static Document page(RunResult... results) {
        return Jsoup.parse(ReportPage.render(Results.named(results), Instant.parse("2026-01-01T00:00:00Z"), List.of()));
    }

    private static Element chart(Document doc, String id) {
        Elements found = doc.select("svg.chart[data-chart=" + id + "]");
        assertThat(found).as("chart %s", id).hasSize(1);
        return found.first();
    }

    private static List<Double> data(Elements elements, String attribute) {
        return elements.stream().map(e -> Double.parseDouble(e.attr(attribute))).toList();
    }

    private static RunResult[] sweep() {
        return new RunResult[] {
            Results.run("r-h2-1", "h2", 1, 1000, 0.1, 2, 990, 1010),
            Results.run("r-h2-2", "h2", 2, 1900, 0.12, 3, 1890, 1910),
            Results.run("r-h2-4", "h2", 4, 3500, 0.2, 6, 3400, 3600),
            Results.run("r-hs-1", "hsqldb", 1, 2000, 0.05, 1, 1990, 2010),
            Results.run("r-hs-2", "hsqldb", 2, 3000, 0.06, 2, 2990, 3010),
            Results.run("r-hs-4", "hsqldb", 4, 2500, 0.3, 40, 2400, 2600)};
    }

    @Test
    void aSweepDrawsOneLinePerEngineWithAPointPerClientCount() {
        Document doc = page(sweep());
        Element tps = chart(doc, "tps-by-clients");
        Elements series = tps.select("g.series");
        assertThat(series).extracting(e -> e.attr("data-engine")).containsExactly("h2", "hsqldb");
        assertThat(data(series.get(0).select("circle.point"), "data-x")).containsExactly(1.0, 2.0, 4.0);
        assertThat(data(series.get(0).select("circle.point"), "data-y")).containsExactly(1000.0, 1900.0, 3500.0);
        assertThat(data(series.get(1).select("circle.point"), "data-y")).containsExactly(2000.0, 3000.0, 2500.0);
        assertThat(series.get(0).select("circle.point title").first().text()).isEqualTo("h2, 1 clients: tps 1,000 tps");
        // Latency: p99 and p50 per engine, the p50 dashed, and a log axis since they spread over 800x.
        Element latency = chart(doc, "latency-by-clients");
        assertThat(latency.select("g.series")).extracting(e -> e.attr("data-series"))
                .containsExactly("h2 p99", "h2 p50", "hsqldb p99", "hsqldb p50");
        assertThat(data(latency.select("g.series[data-series=hsqldb p99] circle"), "data-y"))
                .containsExactly(1.0, 2.0, 40.0);
        assertThat(latency.select("g.series[data-series=h2 p50] path").attr("stroke-dasharray")).isNotEmpty();
        assertThat(latency.select("g.y-axis").attr("data-label")).isEqualTo("latency (ms), log scale");
        // Clients on a log2 axis, a tick at each count.
        assertThat(tps.select("g.x-axis text.tick")).extracting(Element::text).containsExactly("1", "2", "4");
    }

    @Test
    void runsSplitOverClientPodsAreACurveOfTheirOwn() {
        Document doc = page(Results.split("a", "postgres", 2, 1, 100, 0.1, 1), Results.split("b", "postgres", 8, 1, 400, 0.1, 1),
                Results.split("c", "postgres", 2, 2, 110, 0.1, 1), Results.split("d", "postgres", 8, 2, 500, 0.1, 1));
        Element tps = chart(doc, "tps-by-clients");
        assertThat(tps.select("g.legend-item")).extracting(e -> e.attr("data-series"))
                .containsExactly("postgres · 1 client pod", "postgres · 2 client pods");
        assertThat(data(tps.select("g.series").get(1).select("circle.point"), "data-y")).containsExactly(110.0, 500.0);
    }

    @Test
    void aSweepOverTheSetupDrawsACurvePerSetupNamedByWhatVaries() {
        Setup small = new Setup(Map.of("shared_buffers", new Setup.Given("16MB", "2048")), "h1");
        Setup large = new Setup(Map.of("shared_buffers", new Setup.Given("512MB", "65536")), "h2");
        Document doc = page(Results.run("a", "postgres", 1, 100, 0.1, 1).withSetup(small),
                Results.run("b", "postgres", 8, 400, 0.1, 1).withSetup(small),
                Results.run("c", "postgres", 1, 120, 0.1, 1).withSetup(large),
                Results.run("d", "postgres", 8, 600, 0.1, 1).withSetup(large));
        Element tps = chart(doc, "tps-by-clients");
        assertThat(tps.select("g.legend-item")).extracting(e -> e.attr("data-series"))
                .containsExactly("postgres · shared_buffers 16MB", "postgres · shared_buffers 512MB");
        assertThat(data(tps.select("g.series").get(1).select("circle.point"), "data-y")).containsExactly(120.0, 600.0);
    }

    @Test
    void severalRunsAtOnePointAreAveraged() {
        Document doc = page(Results.run("a", "h2", 1, 100, 0.1, 1, 100), Results.run("b", "h2", 1, 300, 0.1, 1, 300),
                Results.run("c", "h2", 2, 500, 0.1, 1, 500));
        Elements points = chart(doc, "tps-by-clients").select("circle.point");
        assertThat(data(points, "data-y")).containsExactly(200.0, 500.0);
        assertThat(points.first().select("title").text()).endsWith("(mean of 2 runs)");
        // Both runs at one point keep apart names: the run id tells them apart.
        assertThat(chart(doc, "tps-by-run").select("rect.bar")).extracting(e -> e.attr("data-label"))
                .containsExactly("h2 · 1 client · a", "h2 · 1 client · b", "h2 · 2 clients");
    }

    @Test
    void runsAtOneClientCountAreNoSweep() {
        Document doc = page(Results.run("a", "h2", 4, 100, 0.1, 1, 100), Results.run("b", "hsqldb", 4, 300, 0.1, 1, 300));
        assertThat(doc.select("[data-chart=tps-by-clients], [data-chart=latency-by-clients]")).isEmpty();
        Element bars = chart(doc, "tps-by-run");
        assertThat(data(bars.select("rect.bar"), "data-value")).containsExactly(100.0, 300.0);
        assertThat(bars.select("rect.bar")).extracting(e -> e.attr("data-run-id")).containsExactly("a", "b");
        assertThat(bars.select("text.bar-value")).extracting(Element::text).containsExactly("100", "300");
        assertThat(bars.select("g.legend-item")).extracting(e -> e.attr("data-series")).containsExactly("h2", "hsqldb");
    }

    @Test
    void overTimeDrawsEveryIntervalOfEveryRunAndMarksTheRounds() {
        Document doc = page(Results.rounds("a", "h2", 4, 100, 0.1, 1, 3, 10, 11, 12, 20, 21, 22, 30, 31, 32),
                Results.run("b", "hsqldb", 4, 300, 0.1, 1, 300, 310));
        Element tps = chart(doc, "tps-over-time");
        Elements a = tps.select("g.series[data-run-id=a] circle.point");
        // Rounds laid end to end: round 2 starts where round 1 ended (3 s), round 3 at 6 s.
        assertThat(data(a, "data-x")).containsExactly(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0);
        assertThat(data(a, "data-y")).containsExactly(10.0, 11.0, 12.0, 20.0, 21.0, 22.0, 30.0, 31.0, 32.0);
        assertThat(data(tps.select("g.series[data-run-id=b] circle.point"), "data-y")).containsExactly(300.0, 310.0);
        assertThat(tps.select("g.marker")).extracting(Element::text).containsExactly("round 2", "round 3");
        assertThat(data(tps.select("g.marker"), "data-x")).containsExactly(3.0, 6.0);
        assertThat(data(chart(doc, "p99-over-time").select("g.series[data-run-id=b] circle"), "data-y"))
                .containsExactly(3.0, 3.1);
        assertThat(tps.select("g.x-axis").attr("data-label")).isEqualTo("time since the measured phase began (s)");
        assertThat(tps.select("g.y-axis").attr("data-label")).isEqualTo("throughput (transactions/s)");
        assertThat(tps.select("g.legend-item")).hasSize(2);
    }

    @Test
    void runsWithoutIntervalsOrFiguresAreLeftOutOfTheChartsButListed() {
        Document doc = page(Results.run("a", "h2", 4, 100, 0.1, 1), Results.failed("b", "postgres", 4, "no database"));
        assertThat(doc.select("svg[data-chart=tps-over-time]")).isEmpty();
        assertThat(doc.select("div.empty[data-chart=tps-over-time] p").text()).startsWith("No interval data");
        assertThat(chart(doc, "tps-by-run").select("rect.bar")).extracting(e -> e.attr("data-run-id"))
                .containsExactly("a");
        Elements rows = doc.select("table.runs tbody tr");
        assertThat(rows).extracting(e -> e.attr("data-run-id")).containsExactly("a", "b");
        assertThat(rows.get(1).select("td")).extracting(Element::text)
                .contains("postgres", "docker", "-").anyMatch(t -> t.startsWith("failed"));
        assertThat(rows.get(1).select("ul.warnings li").text()).isEqualTo("no_figures: no database");
    }

    @Test
    void noRunWithFiguresLeavesOnlyTheTable() {
        Document doc = page(Results.failed("b", "postgres", 4, "no database"));
        assertThat(doc.select("svg.chart")).isEmpty();
        assertThat(doc.select("div.empty")).hasSize(4);
        assertThat(doc.select("table.runs tbody tr")).hasSize(1);
    }

    @Test
    void everyStringFromAResultIsEscaped() {
        String hostile = "<script>alert(1)</script>\"><img src=x onerror=alert(2)>'&amp;";
        RunResult bad = Results.failed(hostile, hostile, 1, hostile);
        RunResult good = Results.run("ok'\"<b>", "h2", 2, 100, 0.1, 1, 100);
        String html = ReportPage.render(Results.named(good, bad), Instant.parse("2026-01-01T00:00:00Z"), List.of());
        Document doc = Jsoup.parse(html);
        assertThat(doc.select("script, img, b, iframe")).isEmpty();
        assertThat(doc.getAllElements()).allSatisfy(e -> assertThat(e.attributes().asList())
                .noneMatch(a -> a.getKey().startsWith("on")));
        assertThat(doc.select("table.runs tbody tr").get(1).attr("data-run-id")).isEqualTo(hostile);
        assertThat(doc.select("table.runs tbody tr").get(1).text()).contains(hostile);
        assertThat(doc.select("rect.bar").attr("data-run-id")).isEqualTo("ok'\"<b>");
        assertThat(html).doesNotContain("<script").doesNotContain("<img");
    }

    @Test
    void thePageNeedsNothingFromElsewhere() {
        Document doc = page(sweep());
        assertThat(doc.select("script, link, iframe, object, embed, img, [src], [href]")).isEmpty();
        assertThat(doc.select("style").first().data()).contains("svg.chart").doesNotContain("@import").doesNotContain("url(");
        assertThat(doc.select("svg.chart")).allSatisfy(svg -> {
            assertThat(svg.select("> title").text()).isNotBlank();
            assertThat(svg.select("g.x-axis").attr("data-label")).isNotBlank();
            assertThat(svg.select("g.y-axis").attr("data-label")).containsPattern("\\(.+\\)");
            assertThat(svg.select("g.legend-item")).isNotEmpty();
        });
        assertThat(doc.select("table.runs th")).extracting(Element::text).containsExactly("run", "engine", "profile",
                "clients", "backend", "status", "tps", "p50 ms", "p99 ms", "warnings");
    }
}
