package io.benchlab.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Lines over a numeric x axis (time, clients). Every point is a circle carrying its values
 * (data-x, data-y) and a {@code <title>} a reader sees on hover; every line's group names its series.
 */
final class LineChart {

    /** {@code title} is what hovering the point shows. */
    record Point(double x, double y, String title) {
    }

    /** {@code data} are extra data-* attribute pairs for the series' group (engine, run id). */
    record Series(String name, String color, boolean dashed, List<String> data, List<Point> points) {
    }

    /** A vertical line across the plot at x (a round's start), labelled at its top. */
    record Marker(double x, String label) {
    }

    /** How a chart reads: its id (data-chart), title, subtitle (may be null) and axis labels with units. */
    record Labels(String id, String title, String subtitle, String x, String y) {
    }

    /** Latencies spread wider than this factor are drawn on a log axis. */
    static final double LOG_SPREAD = 20;

    private LineChart() {
    }

    /**
     * With {@code clientsX} x is a log2 axis through the client counts; with {@code latencyY} the y axis
     * turns logarithmic when the values spread over more than {@link #LOG_SPREAD} (a p50 of 0.05 ms
     * beside a p99 of 40 ms would otherwise lie flat on the x axis).
     */
    static String render(Labels labels, boolean clientsX, boolean latencyY, List<Series> series, List<Marker> markers) {
        List<Double> xs = series.stream().flatMap(s -> s.points().stream()).map(Point::x).toList();
        List<Double> ys = series.stream().flatMap(s -> s.points().stream()).map(Point::y).toList();
        Scale x = clientsX ? Scale.log2(xs, ChartFrame.LEFT + 16, ChartFrame.RIGHT - 16)
                : Scale.linear(0, max(xs), ChartFrame.LEFT, ChartFrame.RIGHT);
        boolean logY = latencyY && Scale.spreads(ys, LOG_SPREAD);
        Scale y = logY
                ? Scale.log10(ys.stream().mapToDouble(Double::doubleValue).min().orElse(1), max(ys), ChartFrame.BOTTOM,
                        ChartFrame.TOP)
                : Scale.linear(0, max(ys) * 1.04, ChartFrame.BOTTOM, ChartFrame.TOP);
        Svg content = new Svg();
        for (Marker m : markers) {
            String px = Html.px(x.at(m.x()));
            content.open("g", "class", "marker", "data-x", Html.data(m.x()));
            content.empty("line", "x1", px, "x2", px, "y1", Html.px(ChartFrame.TOP), "y2", Html.px(ChartFrame.BOTTOM));
            content.text("text", m.label(), "x", Html.px(x.at(m.x()) + 4), "y", Html.px(ChartFrame.TOP + 12));
            content.close("g");
        }
        int total = series.stream().mapToInt(s -> s.points().size()).sum();
        double radius = total > 400 ? 1.8 : 3.2;
        for (Series s : series) {
            line(content, s, x, y, radius);
        }
        List<ChartFrame.Tick> ticks = x.ticks().stream().map(t -> new ChartFrame.Tick(x.at(t), x.label(t))).toList();
        List<ChartFrame.LegendItem> legend = series.stream()
                .map(s -> new ChartFrame.LegendItem(s.name(), s.color(), s.dashed())).toList();
        return ChartFrame.render(labels.id(), labels.title(), labels.subtitle(), ticks, false, labels.x(), y,
                labels.y() + (logY ? ", log scale" : ""), legend, content.toString());
    }

    private static double max(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).max().orElse(1);
    }

    private static void line(Svg svg, Series s, Scale x, Scale y, double radius) {
        List<String> attributes = new ArrayList<>(List.of("class", "series", "data-series", s.name()));
        attributes.addAll(s.data());
        svg.open("g", attributes.toArray(String[]::new));
        StringBuilder d = new StringBuilder();
        for (Point p : s.points()) {
            d.append(d.length() == 0 ? "M" : " L").append(Html.px(x.at(p.x()))).append(' ').append(Html.px(y.at(p.y())));
        }
        if (s.points().size() > 1) {
            svg.empty("path", "class", "line", "d", d.toString(), "stroke", s.color(),
                    "stroke-dasharray", s.dashed() ? "7 5" : null);
        }
        for (Point p : s.points()) {
            svg.open("circle", "class", "point", "cx", Html.px(x.at(p.x())), "cy", Html.px(y.at(p.y())),
                    "r", Html.px(radius), "fill", s.color(), "data-x", Html.data(p.x()), "data-y", Html.data(p.y()));
            svg.text("title", p.title()).close("circle");
        }
        svg.close("g");
    }
}
