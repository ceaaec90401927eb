package io.benchlab.lab.report;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.StepVerdict;
import java.util.List;

/**
 * The report's part for capacity searches, before the runs: per search its answer in one line, its
 * throughput-latency curve ({@link CapacityChart}), and its steps in the order they ran.
 */
final class CapacitySections {

    private CapacitySections() {
    }

    static void render(Svg page, List<Report.Capacity> capacities) {
        if (capacities.isEmpty()) {
            return;
        }
        page.heading(2, capacities.size() == 1 ? "Capacity" : "Capacities");
        for (int i = 0; i < capacities.size(); i++) {
            CapacityResult c = capacities.get(i).result();
            page.open("section", "class", "capacity", "data-capacity-id", c.capacityId());
            page.text("p", answer(c), "class", "capacity-answer");
            ReportPage.card(page, CapacityChart.render("capacity-" + (i + 1), c));
            steps(page, c);
            page.close("section");
        }
    }

    private static String answer(CapacityResult c) {
        CapacityResult.Answer a = c.capacity();
        String interval = a.low() == null ? "" : " (between " + Html.figure(a.low()) + " and "
                + (a.high() == null ? "the ceiling" : Html.figure(a.high())) + ")";
        String what = (c.engine() == null ? "" : c.engine().name() + "/" + c.engine().profile() + ", ")
                + (c.knobs() == null ? "" : c.knobs().clients() + " clients, ");
        return what + String.join(", ", c.objectives().stream().map(CapacityResult.Objective::text).toList()) + ": "
                + (a.tps() == null ? "no capacity found" : "capacity " + Html.figure(a.tps()) + " tps" + interval)
                + "; " + a.why() + " [" + c.capacityId() + "]";
    }

    private static void steps(Svg page, CapacityResult c) {
        page.open("table", "class", "runs capacity-steps").open("thead").open("tr");
        for (String h : List.of("step", "offered tps", "achieved tps", "p50 ms", "p95 ms", "p99 ms", "failures",
                "missed starts", "verdict", "run")) {
            page.text("th", h);
        }
        page.close("tr").close("thead").open("tbody");
        for (CapacityStep s : c.steps()) {
            page.open("tr", "data-step", Integer.toString(s.index()), "data-run-id", s.runId());
            page.text("td", Integer.toString(s.index()), "class", "num")
                    .text("td", Html.figure(s.offeredTps()), "class", "num")
                    .text("td", s.achievedTps() == null ? "-" : Html.figure(s.achievedTps()), "class", "num");
            for (CapacityStep.Percentile p : s.latency() == null ? List.<CapacityStep.Percentile>of(nil(), nil(), nil())
                    : List.of(s.latency().p50(), s.latency().p95(), s.latency().p99())) {
                page.text("td", Double.isNaN(p.ms()) ? "-" : Html.figure(p.ms()) + " (" + Html.figure(p.low()) + "–"
                        + Html.figure(p.high()) + ")", "class", "num");
            }
            page.text("td", s.failuresRatio() == null ? "-" : Html.figure(100 * s.failuresRatio()) + "%", "class", "num")
                    .text("td", s.missedStarts() == null ? "-" : Long.toString(s.missedStarts()), "class", "num");
            StepVerdict verdict = s.verdictOrPass();
            page.open("td").text("span", verdict.json(), "class", "status status-" + switch (verdict) {
                case PASS -> "ok";
                case FAIL -> "failed";
                case UNCLEAR -> "unclear";
            });
            page.empty("br").text("span", s.why(), "class", "id").close("td");
            page.text("td", s.runId(), "class", "id").close("tr");
        }
        page.close("tbody").close("table");
    }

    private static CapacityStep.Percentile nil() {
        return new CapacityStep.Percentile(Double.NaN, Double.NaN, Double.NaN);
    }
}
