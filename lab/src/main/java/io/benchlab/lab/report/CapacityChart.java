package io.benchlab.lab.report;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.CapacityStep;
import io.benchlab.results.StepVerdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A capacity search's throughput-latency curve: each step's p50, p95 and p99 against its offered
 * rate, each with the confidence interval from its rounds as a whisker, a failed step's point hollow,
 * an unclear one's hollow and dotted;
 * each latency objective as a horizontal line; the capacity as a vertical line at the last pass, and
 * the band up to the first fail in which the capacity lies. The x axis is the offered rate because
 * that is what the capacity is stated in; each point's title tells the rate achieved.
 */
final class CapacityChart {

    private static final String[] COLORS = {"hsl(221 70% 45%)", "hsl(160 60% 35%)", "hsl(24 80% 48%)"};

    private record Figure(String name, boolean dashed, Function<CapacityStep.StepLatency, CapacityStep.Percentile> of) {
    }

    private static final List<Figure> FIGURES = List.of(
            new Figure("p99", false, CapacityStep.StepLatency::p99),
            new Figure("p95", true, CapacityStep.StepLatency::p95),
            new Figure("p50", true, CapacityStep.StepLatency::p50));

    private CapacityChart() {
    }

    /** The chart of one search, {@code id} naming it in the page (data-chart). */
    static String render(String id, CapacityResult c) {
        List<CapacityStep> steps = c.steps().stream().filter(s -> s.latency() != null)
                .sorted(Comparator.comparingDouble(CapacityStep::offeredTps)).toList();
        String title = "Capacity: latency against offered rate";
        if (steps.isEmpty()) {
            return new Svg().open("div", "class", "empty", "data-chart", id).text("h3", title)
                    .text("p", "No step of this search has latency figures.").close("div").toString();
        }
        List<Double> xs = new ArrayList<>(steps.stream().map(CapacityStep::offeredTps).toList());
        if (c.capacity().high() != null) {
            xs.add(c.capacity().high());
        }
        List<Double> ys = new ArrayList<>();
        steps.forEach(s -> FIGURES.forEach(f -> {
            ys.add(f.of().apply(s.latency()).low());
            ys.add(f.of().apply(s.latency()).high());
        }));
        List<CapacityResult.Objective> lines = c.objectives().stream().filter(o -> "ms".equals(o.unit())).toList();
        lines.forEach(o -> ys.add(o.threshold()));
        Scale x = Scale.linear(0, xs.stream().mapToDouble(Double::doubleValue).max().orElse(1) * 1.04,
                ChartFrame.LEFT, ChartFrame.RIGHT);
        boolean logY = Scale.spreads(ys.stream().filter(v -> v > 0).toList(), LineChart.LOG_SPREAD);
        double yMax = ys.stream().mapToDouble(Double::doubleValue).max().orElse(1);
        Scale y = logY ? Scale.log10(ys.stream().filter(v -> v > 0).mapToDouble(Double::doubleValue).min().orElse(0.01),
                yMax, ChartFrame.BOTTOM, ChartFrame.TOP) : Scale.linear(0, yMax * 1.04, ChartFrame.BOTTOM, ChartFrame.TOP);
        Svg content = new Svg();
        capacity(content, c.capacity(), x);
        for (CapacityResult.Objective o : lines) {
            String py = Html.px(y.at(o.threshold()));
            content.open("g", "class", "objective", "data-metric", o.metric(), "data-threshold", Html.data(o.threshold()));
            content.empty("line", "x1", Html.px(ChartFrame.LEFT), "x2", Html.px(ChartFrame.RIGHT), "y1", py, "y2", py);
            content.text("text", "objective " + o.text(), "x", Html.px(ChartFrame.RIGHT - 4), "y",
                    Html.px(y.at(o.threshold()) - 6), "text-anchor", "end");
            content.close("g");
        }
        List<ChartFrame.LegendItem> legend = new ArrayList<>();
        for (int i = 0; i < FIGURES.size(); i++) {
            Figure f = FIGURES.get(i);
            series(content, f, COLORS[i], steps, x, y);
            legend.add(new ChartFrame.LegendItem(f.name(), COLORS[i], f.dashed()));
        }
        List<ChartFrame.Tick> ticks = x.ticks().stream().map(t -> new ChartFrame.Tick(x.at(t), x.label(t))).toList();
        return ChartFrame.render(id, title, subtitle(c), ticks, false, "offered rate (transactions/s)", y,
                "latency (ms)" + (logY ? ", log scale" : ""), legend, content.toString());
    }

    private static String subtitle(CapacityResult c) {
        String objectives = String.join(", ", c.objectives().stream().map(CapacityResult.Objective::text).toList());
        return c.capacity().tps() == null ? "no step passed " + objectives
                : String.format(Locale.ROOT, "capacity %s tps for %s; hollow points failed, dotted ones were unclear; whiskers: the rounds' interval",
                Html.figure(c.capacity().tps()), objectives);
    }

    /** The last pass as a line, and the band up to the first fail where the capacity lies. */
    private static void capacity(Svg svg, CapacityResult.Answer answer, Scale x) {
        if (answer.low() == null) {
            return;
        }
        svg.open("g", "class", "capacity", "data-low", Html.data(answer.low()),
                "data-high", answer.high() == null ? "" : Html.data(answer.high()));
        if (answer.high() != null) {
            svg.empty("rect", "class", "band", "x", Html.px(x.at(answer.low())), "y", Html.px(ChartFrame.TOP),
                    "width", Html.px(x.at(answer.high()) - x.at(answer.low())),
                    "height", Html.px(ChartFrame.BOTTOM - ChartFrame.TOP));
        }
        String px = Html.px(x.at(answer.low()));
        svg.empty("line", "x1", px, "x2", px, "y1", Html.px(ChartFrame.TOP), "y2", Html.px(ChartFrame.BOTTOM));
        svg.text("text", "capacity " + Html.figure(answer.low()) + " tps", "x", Html.px(x.at(answer.low()) - 4),
                "y", Html.px(ChartFrame.TOP + 12), "text-anchor", "end");
        svg.close("g");
    }

    private static void series(Svg svg, Figure f, String color, List<CapacityStep> steps, Scale x, Scale y) {
        svg.open("g", "class", "series", "data-series", f.name(), "data-figure", f.name());
        StringBuilder d = new StringBuilder();
        for (CapacityStep s : steps) {
            CapacityStep.Percentile p = f.of().apply(s.latency());
            d.append(d.length() == 0 ? "M" : " L").append(Html.px(x.at(s.offeredTps()))).append(' ')
                    .append(Html.px(y.at(p.ms())));
        }
        if (steps.size() > 1) {
            svg.empty("path", "class", "line", "d", d.toString(), "stroke", color,
                    "stroke-dasharray", f.dashed() ? "7 5" : null);
        }
        for (CapacityStep s : steps) {
            CapacityStep.Percentile p = f.of().apply(s.latency());
            String px = Html.px(x.at(s.offeredTps()));
            svg.empty("line", "class", "whisker", "x1", px, "x2", px, "y1", Html.px(y.at(p.low())),
                    "y2", Html.px(y.at(p.high())), "stroke", color);
            StepVerdict verdict = s.verdictOrPass();
            svg.open("circle", "class", "point" + (s.pass() ? "" : " " + verdict.json()), "cx", px,
                    "cy", Html.px(y.at(p.ms())), "r", "4", "fill", s.pass() ? color : "#fff", "stroke", color,
                    "stroke-dasharray", verdict == StepVerdict.UNCLEAR ? "2 2" : null,
                    "data-x", Html.data(s.offeredTps()), "data-y", Html.data(p.ms()), "data-low", Html.data(p.low()),
                    "data-high", Html.data(p.high()), "data-step", Integer.toString(s.index()),
                    "data-run-id", s.runId(), "data-pass", Boolean.toString(s.pass()), "data-verdict", verdict.json(),
                    "data-achieved", s.achievedTps() == null ? "" : Html.data(s.achievedTps()));
            svg.text("title", String.format(Locale.ROOT, "step %d, offered %s tps, achieved %s: %s %s ms (%s to %s); %s",
                    s.index(), Html.figure(s.offeredTps()),
                    s.achievedTps() == null ? "-" : Html.figure(s.achievedTps()), f.name(), Html.figure(p.ms()),
                    Html.figure(p.low()), Html.figure(p.high()), s.pass() ? "passed"
                    : (verdict == StepVerdict.FAIL ? "failed: " : "unclear: ") + s.why()))
                    .close("circle");
        }
        svg.close("g");
    }
}
