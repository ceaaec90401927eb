package io.benchlab.lab.report;

import io.benchlab.results.Figures;
import io.benchlab.results.IntervalPoint;
import io.benchlab.results.Round;
import io.benchlab.results.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/** The report's charts, each as an SVG, or as a line saying why there is nothing to draw. */
final class ReportCharts {

    private ReportCharts() {
    }

    /** A figure of the intervals over time: one line per run, rounds laid end to end and their starts marked. */
    static String overTime(List<ReportRun> runs, LineChart.Labels labels, boolean latency, String unit,
                           ToDoubleFunction<IntervalPoint> value) {
        List<LineChart.Series> series = new ArrayList<>();
        Map<String, LineChart.Marker> markers = new LinkedHashMap<>();
        for (ReportRun run : runs) {
            Map<Integer, Double> starts = roundStarts(run.result());
            List<LineChart.Point> points = new ArrayList<>();
            for (IntervalPoint p : run.result().intervals()) {
                double x = starts.get(p.round()) + p.t();
                double y = value.applyAsDouble(p);
                if (Double.isFinite(y)) {
                    points.add(new LineChart.Point(x, y, String.format(Locale.ROOT, "%s, round %d at %.1f s: %s%s",
                            run.label(), p.round(), p.t(), Html.figure(y), unit)));
                }
            }
            if (!points.isEmpty()) {
                series.add(new LineChart.Series(run.label(), run.color(), false, runData(run), points));
            }
            starts.forEach((round, at) -> {
                if (at > 0) {
                    String label = "round " + round;
                    markers.putIfAbsent(label + String.format(Locale.ROOT, "@%.1f", at), new LineChart.Marker(at, label));
                }
            });
        }
        if (series.isEmpty()) {
            return empty(labels, "No interval data in these results (a run that never reached its measured phase has none).");
        }
        return LineChart.render(labels, false, latency, series, List.copyOf(markers.values()));
    }

    /**
     * The seconds before each round in a run laid out as one time line: the lengths of the rounds
     * before it (a round's length is its figures' seconds, or its last interval's end).
     */
    static Map<Integer, Double> roundStarts(RunResult r) {
        TreeMap<Integer, Double> lengths = new TreeMap<>();
        for (Round round : r.rounds()) {
            lengths.merge(round.index(), round.figures() == null ? 0 : round.figures().seconds(), Math::max);
        }
        for (IntervalPoint p : r.intervals()) {
            lengths.merge(p.round(), p.t(), Math::max);
        }
        Map<Integer, Double> starts = new TreeMap<>();
        double at = 0;
        for (Map.Entry<Integer, Double> e : lengths.entrySet()) {
            starts.put(e.getKey(), at);
            at += e.getValue();
        }
        return starts;
    }

    /** Throughput against clients, one line per engine: the seeds' chart. */
    static String tpsAgainstClients(SweepCurves sweep) {
        List<LineChart.Series> series = sweep.curves().stream().map(c -> new LineChart.Series(c.name(), c.color(), false,
                List.of("data-engine", c.engine(), "data-figure", "tps"), c.points("tps", " tps", ReportCharts::tps)))
                .toList();
        return LineChart.render(new LineChart.Labels("tps-by-clients", "Throughput against clients",
                "one line per engine; each point is a run (the mean where several ran)", "clients (connections)",
                "throughput (transactions/s)"), true, false, series, List.of());
    }

    /** p50 (dashed) and p99 (solid) latency against clients, one colour per engine. */
    static String latencyAgainstClients(SweepCurves sweep) {
        List<LineChart.Series> series = new ArrayList<>();
        for (SweepCurves.Curve c : sweep.curves()) {
            series.add(new LineChart.Series(c.name() + " p99", c.color(), false,
                    List.of("data-engine", c.engine(), "data-figure", "p99"), c.points("p99", " ms",
                            r -> r.result().figures().latency().p99Ms())));
            series.add(new LineChart.Series(c.name() + " p50", c.color(), true,
                    List.of("data-engine", c.engine(), "data-figure", "p50"), c.points("p50", " ms",
                            r -> r.result().figures().latency().p50Ms())));
        }
        return LineChart.render(new LineChart.Labels("latency-by-clients", "Latency against clients",
                "p99 solid, p50 dashed, per transaction, all tries included", "clients (connections)",
                "latency (ms)"), true, true, series, List.of());
    }

    /** One bar per run with figures, in the order given. */
    static String bars(List<ReportRun> runs, LineChart.Labels labels, String unit, ToDoubleFunction<Figures> value) {
        List<BarChart.Bar> bars = new ArrayList<>();
        Map<String, ChartFrame.LegendItem> legend = new LinkedHashMap<>();
        for (ReportRun run : runs) {
            if (run.hasFigures()) {
                double v = value.applyAsDouble(run.result().figures());
                bars.add(new BarChart.Bar(run.label(), v, run.color(), runData(run),
                        run.label() + " (" + run.result().runId() + "): " + Html.figure(v) + unit));
                legend.putIfAbsent(run.family(), new ChartFrame.LegendItem(run.family(), run.familyColor(), false));
            }
        }
        if (bars.isEmpty()) {
            return empty(labels, "No run in these results has figures (none reached its measured phase).");
        }
        return BarChart.render(labels, bars, List.copyOf(legend.values()));
    }

    private static double tps(ReportRun r) {
        return r.result().figures().tps();
    }

    private static List<String> runData(ReportRun run) {
        return List.of("data-run-id", run.result().runId(), "data-engine", run.engine(),
                "data-clients", Integer.toString(run.clients()));
    }

    private static String empty(LineChart.Labels labels, String why) {
        return new Svg().open("div", "class", "empty", "data-chart", labels.id())
                .text("h3", labels.title()).text("p", why).close("div").toString();
    }
}
