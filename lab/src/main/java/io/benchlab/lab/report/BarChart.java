package io.benchlab.lab.report;

import java.util.ArrayList;
import java.util.List;

/** One bar per run, its value written above it and carried in data-value; bars named below. */
final class BarChart {

    /** {@code data} are extra data-* attribute pairs (run id, engine); {@code title} shows on hover. */
    record Bar(String label, double value, String color, List<String> data, String title) {
    }

    /** Roughly the width of a character of a 12px tick label, to tell whether names fit upright. */
    private static final double TICK_CHAR_WIDTH = 7;

    private BarChart() {
    }

    static String render(LineChart.Labels labels, List<Bar> bars, List<ChartFrame.LegendItem> legend) {
        double max = bars.stream().mapToDouble(Bar::value).filter(Double::isFinite).max().orElse(1);
        Scale y = Scale.linear(0, max * 1.08, ChartFrame.BOTTOM, ChartFrame.TOP);
        double slot = (ChartFrame.RIGHT - ChartFrame.LEFT) / Math.max(1, bars.size());
        double width = Math.min(72, slot * 0.7);
        Svg content = new Svg();
        List<ChartFrame.Tick> ticks = new ArrayList<>();
        int longest = 0;
        for (int i = 0; i < bars.size(); i++) {
            Bar bar = bars.get(i);
            double centre = ChartFrame.LEFT + slot * (i + 0.5);
            double value = Double.isFinite(bar.value()) ? bar.value() : 0;
            double top = y.at(value);
            List<String> attributes = new ArrayList<>(List.of("class", "bar", "x", Html.px(centre - width / 2),
                    "y", Html.px(top), "width", Html.px(width), "height", Html.px(ChartFrame.BOTTOM - top),
                    "fill", bar.color(), "data-label", bar.label(), "data-value", Html.data(bar.value())));
            attributes.addAll(bar.data());
            content.open("rect", attributes.toArray(String[]::new)).text("title", bar.title()).close("rect");
            content.text("text", Html.figure(bar.value()), "class", "bar-value", "x", Html.px(centre),
                    "y", Html.px(top - 6), "text-anchor", "middle");
            ticks.add(new ChartFrame.Tick(centre, bar.label()));
            longest = Math.max(longest, bar.label().length());
        }
        // Many bars, or long names, are named at a slant so that the names do not run into each other.
        boolean slanted = longest * TICK_CHAR_WIDTH > slot * 0.9;
        return ChartFrame.render(labels.id(), labels.title(), labels.subtitle(), ticks, slanted, labels.x(), y,
                labels.y(), legend, content.toString());
    }
}
