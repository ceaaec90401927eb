package io.benchlab.lab.report;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.RunResult;
import io.benchlab.results.Warning;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The report as one HTML page that needs nothing else: the style inlined, the charts drawn as SVG
 * here, no script. Every string that comes from a result is escaped (through {@link Svg}).
 */
final class ReportPage {

    private static final String CSS = css();

    private ReportPage() {
    }

    static String render(List<ReportRun> runs, Instant generated, List<Report.Section> sections) {
        return render(runs, List.of(), generated, sections);
    }

    /** The page of RUNS and of CAPACITIES (searches, drawn first), with SECTIONS before both. */
    static String render(List<ReportRun> runs, List<Report.Capacity> capacities, Instant generated,
                         List<Report.Section> sections) {
        Svg page = new Svg().raw("<!DOCTYPE html>\n").open("html", "lang", "en").open("head")
                .empty("meta", "charset", "utf-8")
                .empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1")
                .text("title", "benchlab report: " + engines(runs, capacities))
                .open("style").raw(CSS).close("style").close("head");
        page.open("body").open("main");
        page.open("header").text("h1", "benchlab report")
                .text("p", counted(runs.size(), capacities.size()) + " of " + engines(runs, capacities)
                        + " · generated " + generated)
                .close("header");
        sections.forEach(section -> section(page, section));
        CapacitySections.render(page, capacities);
        if (runs.isEmpty()) {
            return footer(page, capacities.stream().map(c -> c.file().toString()).toList());
        }
        SweepCurves sweep = SweepCurves.of(runs);
        if (sweep.isSweep()) {
            page.heading(2, "Engines and clients");
            card(page, ReportCharts.tpsAgainstClients(sweep));
            card(page, ReportCharts.latencyAgainstClients(sweep));
        }
        page.heading(2, "Runs side by side");
        card(page, ReportCharts.bars(runs, new LineChart.Labels("tps-by-run", "Throughput per run",
                "all measured rounds", "run", "throughput (transactions/s)"), " tps", Figures::tps));
        card(page, ReportCharts.bars(runs, new LineChart.Labels("p99-by-run", "p99 latency per run",
                "all measured rounds", "run", "p99 latency (ms)"), " ms", f -> f.latency().p99Ms()));
        page.heading(2, "Over time");
        card(page, ReportCharts.overTime(runs, new LineChart.Labels("tps-over-time", "Throughput over time",
                "per interval; one line per run", "time since the measured phase began (s)",
                "throughput (transactions/s)"), false, " tps", IntervalPoint::tps));
        card(page, ReportCharts.overTime(runs, new LineChart.Labels("p99-over-time", "p99 latency over time",
                "per interval; one line per run", "time since the measured phase began (s)", "p99 latency (ms)"),
                true, " ms", IntervalPoint::p99Ms));
        page.heading(2, "Runs");
        table(page, runs);
        List<String> files = new java.util.ArrayList<>(capacities.stream().map(c -> c.file().toString()).toList());
        runs.forEach(r -> files.add(r.file().toString()));
        return footer(page, files);
    }

    private static String footer(Svg page, List<String> files) {
        page.open("footer").text("span", "Made by lab report from the result files: " + String.join(", ", files))
                .close("footer");
        return page.close("main").close("body").close("html").raw("\n").toString();
    }

    private static String counted(int runs, int capacities) {
        String r = runs + (runs == 1 ? " run" : " runs");
        return capacities == 0 ? r : (runs == 0 ? "" : r + " and ") + capacities
                + (capacities == 1 ? " capacity search" : " capacity searches");
    }

    private static void section(Svg page, Report.Section section) {
        page.heading(2, section.heading());
        page.open("table", "class", "runs").open("thead").open("tr");
        section.headers().forEach(h -> page.text("th", h));
        page.close("tr").close("thead").open("tbody");
        for (List<String> row : section.rows()) {
            page.open("tr");
            row.forEach(cell -> page.text("td", cell));
            page.close("tr");
        }
        page.close("tbody").close("table");
    }

    static void card(Svg page, String chart) {
        page.open("figure", "class", "card").raw(chart).close("figure");
    }

    private static void table(Svg page, List<ReportRun> runs) {
        page.open("table", "class", "runs").open("thead").open("tr");
        for (String h : List.of("run", "engine", "profile", "clients", "backend", "status", "tps", "p50 ms", "p99 ms",
                "warnings")) {
            page.text("th", h);
        }
        page.close("tr").close("thead").open("tbody");
        for (ReportRun run : runs) {
            RunResult r = run.result();
            Figures f = run.hasFigures() ? r.figures() : null;
            page.open("tr", "data-run-id", r.runId());
            page.open("td").open("span", "class", "swatch", "style", "background: " + run.color()).close("span")
                    .text("span", run.label()).empty("br").text("span", r.runId(), "class", "id").close("td");
            page.text("td", r.engine().name()).text("td", r.engine().profile())
                    .text("td", Integer.toString(r.knobs().clients()), "class", "num")
                    .text("td", ReportRuns.backend(r));
            page.open("td").text("span", r.status().json(), "class", "status status-" + r.status().json(),
                    "title", r.cause());
            if (r.cause() != null) {
                page.empty("br").text("span", r.cause(), "class", "id");
            }
            page.close("td");
            page.text("td", f == null ? "-" : Html.figure(f.tps()), "class", "num")
                    .text("td", f == null ? "-" : Html.figure(f.latency().p50Ms()), "class", "num")
                    .text("td", f == null ? "-" : Html.figure(f.latency().p99Ms()), "class", "num");
            page.open("td");
            if (!r.warnings().isEmpty()) {
                page.open("ul", "class", "warnings");
                for (Warning w : r.warnings()) {
                    page.text("li", w.code() + ": " + w.message());
                }
                page.close("ul");
            }
            page.close("td").close("tr");
        }
        page.close("tbody").close("table");
    }

    private static String engines(List<ReportRun> runs, List<Report.Capacity> capacities) {
        return java.util.stream.Stream.concat(capacities.stream().filter(c -> c.result().engine() != null)
                        .map(c -> c.result().engine().name()),
                runs.stream().map(ReportRun::engine)).distinct().collect(Collectors.joining(", "));
    }

    private static String css() {
        try (InputStream in = ReportPage.class.getResourceAsStream("report.css")) {
            if (in == null) {
                throw new IllegalStateException("report.css is missing from the lab's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
