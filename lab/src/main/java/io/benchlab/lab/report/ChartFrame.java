package io.benchlab.lab.report;

import java.util.ArrayList;
import java.util.List;

/**
 * What every chart has around its data: the title, the plot's grid and axes with ticks, labels and
 * units, and a legend below (wrapped into rows). Charts are drawn in a fixed coordinate system
 * (viewBox) and scale with the page.
 */
final class ChartFrame {

    static final double WIDTH = 1100;
    static final double LEFT = 84;
    static final double RIGHT = WIDTH - 28;
    static final double TOP = 64;
    static final double BOTTOM = TOP + 300;

    private static final double LEGEND_ROW = 22;
    /** Wide enough for most characters of the 13px legend font; a long name only pushes the next item on. */
    private static final double CHAR_WIDTH = 7.4;

    /** A tick on the x axis: where, and what it says. */
    record Tick(double px, String label) {
    }

    record LegendItem(String name, String color, boolean dashed) {
    }

    private ChartFrame() {
    }

    /**
     * The chart's SVG: {@code content} (the data, drawn by the chart) inside the frame. With
     * {@code slantedTicks} the x labels are turned to fit many long ones (bar charts of many runs).
     */
    static String render(String id, String title, String subtitle, List<Tick> xTicks, boolean slantedTicks,
                         String xLabel, Scale y, String yLabel, List<LegendItem> legend, String content) {
        double xLabelDepth = slantedTicks ? 96 : 44;
        double legendTop = BOTTOM + xLabelDepth + 22;
        List<List<LegendItem>> rows = rows(legend);
        double height = legendTop + rows.size() * LEGEND_ROW + 8;
        Svg s = new Svg().open("svg", "xmlns", "http://www.w3.org/2000/svg", "class", "chart", "data-chart", id,
                "viewBox", "0 0 " + Html.px(WIDTH) + " " + Html.px(height), "role", "img", "aria-label", title);
        s.text("title", title);
        s.text("text", title, "class", "chart-title", "x", Html.px(LEFT), "y", "26");
        if (subtitle != null) {
            s.text("text", subtitle, "class", "chart-subtitle", "x", Html.px(LEFT), "y", "46");
        }
        yAxis(s, y, yLabel);
        xAxis(s, xTicks, slantedTicks, xLabel, xLabelDepth);
        s.raw(content);
        legend(s, rows, legendTop);
        return s.close("svg").toString();
    }

    private static void yAxis(Svg s, Scale y, String label) {
        s.open("g", "class", "axis y-axis", "data-label", label);
        for (double t : y.ticks()) {
            String py = Html.px(y.at(t));
            s.empty("line", "class", "grid", "x1", Html.px(LEFT), "x2", Html.px(RIGHT), "y1", py, "y2", py);
            s.text("text", y.label(t), "class", "tick", "x", Html.px(LEFT - 8), "y", py, "text-anchor", "end",
                    "dominant-baseline", "middle");
        }
        double middle = (TOP + BOTTOM) / 2;
        s.text("text", label, "class", "axis-label", "x", "22", "y", Html.px(middle), "text-anchor", "middle",
                "transform", "rotate(-90 22 " + Html.px(middle) + ")");
        s.close("g");
    }

    private static void xAxis(Svg s, List<Tick> ticks, boolean slanted, String label, double depth) {
        s.open("g", "class", "axis x-axis", "data-label", label);
        s.empty("line", "class", "axis-line", "x1", Html.px(LEFT), "x2", Html.px(RIGHT), "y1", Html.px(BOTTOM),
                "y2", Html.px(BOTTOM));
        for (Tick t : ticks) {
            String px = Html.px(t.px());
            s.empty("line", "class", "tick-mark", "x1", px, "x2", px, "y1", Html.px(BOTTOM), "y2", Html.px(BOTTOM + 5));
            String ty = Html.px(BOTTOM + 20);
            s.text("text", t.label(), "class", "tick", "x", px, "y", ty,
                    "text-anchor", slanted ? "end" : "middle",
                    "transform", slanted ? "rotate(-35 " + px + " " + ty + ")" : null);
        }
        s.text("text", label, "class", "axis-label", "x", Html.px((LEFT + RIGHT) / 2), "y", Html.px(BOTTOM + depth),
                "text-anchor", "middle");
        s.close("g");
    }

    private static void legend(Svg s, List<List<LegendItem>> rows, double top) {
        s.open("g", "class", "legend");
        for (int r = 0; r < rows.size(); r++) {
            double x = LEFT;
            double y = top + r * LEGEND_ROW;
            for (LegendItem item : rows.get(r)) {
                s.open("g", "class", "legend-item", "data-series", item.name());
                s.empty("line", "x1", Html.px(x), "x2", Html.px(x + 22), "y1", Html.px(y), "y2", Html.px(y),
                        "stroke", item.color(), "stroke-width", "3", "stroke-dasharray", item.dashed() ? "6 4" : null);
                s.text("text", item.name(), "x", Html.px(x + 28), "y", Html.px(y), "dominant-baseline", "middle");
                s.close("g");
                x += width(item);
            }
        }
        s.close("g");
    }

    private static List<List<LegendItem>> rows(List<LegendItem> items) {
        List<List<LegendItem>> rows = new ArrayList<>();
        List<LegendItem> row = new ArrayList<>();
        double used = 0;
        for (LegendItem item : items) {
            if (!row.isEmpty() && used + width(item) > RIGHT - LEFT) {
                rows.add(row);
                row = new ArrayList<>();
                used = 0;
            }
            row.add(item);
            used += width(item);
        }
        if (!row.isEmpty()) {
            rows.add(row);
        }
        return rows;
    }

    private static double width(LegendItem item) {
        return 28 + item.name().length() * CHAR_WIDTH + 24;
    }
}
