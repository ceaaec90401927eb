package io.benchlab.lab.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

/**
 * The runs of a report grouped as a sweep: one curve per family (engine, see {@link ReportRun}),
 * one point per client count, the mean of the runs at that count.
 */
record SweepCurves(List<Curve> curves) {

    /** One engine's runs by client count. */
    record Curve(String name, String color, String engine, TreeMap<Integer, List<ReportRun>> byClients) {

        /** The mean of a figure over the runs at each client count, as chart points. */
        List<LineChart.Point> points(String figure, String unit, ToDoubleFunction<ReportRun> value) {
            List<LineChart.Point> points = new ArrayList<>();
            byClients.forEach((clients, runs) -> {
                double mean = runs.stream().mapToDouble(value).average().orElse(Double.NaN);
                points.add(new LineChart.Point(clients, mean, name + ", " + clients + " clients: " + figure + " "
                        + Html.figure(mean) + unit + (runs.size() > 1 ? " (mean of " + runs.size() + " runs)" : "")));
            });
            return points;
        }
    }

    static SweepCurves of(List<ReportRun> runs) {
        Map<String, Curve> curves = new LinkedHashMap<>();
        for (ReportRun r : runs) {
            if (r.hasFigures()) {
                curves.computeIfAbsent(r.family(), n -> new Curve(n, r.familyColor(), r.engine(), new TreeMap<>()))
                        .byClients().computeIfAbsent(r.clients(), c -> new ArrayList<>()).add(r);
            }
        }
        return new SweepCurves(List.copyOf(curves.values()));
    }

    /** A sweep: some curve has more than one client count. */
    boolean isSweep() {
        return curves.stream().anyMatch(c -> c.byClients().size() > 1);
    }
}
