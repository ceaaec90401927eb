package io.benchlab.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps values of one axis to pixels. Linear scales round their domain out to "nice" ticks (1, 2
 * or 5 times a power of ten); a log2 scale (client counts 1, 2, 4 ... 64) ticks at the values given;
 * a log10 scale (latencies from 0.05 to 50 ms) ticks at 1, 2 and 5 times each power of ten.
 */
final class Scale {

    private final double lo;
    private final double hi;
    private final double from;
    private final double to;
    /** 0 for a linear scale, else the logarithm's base. */
    private final double base;
    private final List<Double> ticks;

    private Scale(double lo, double hi, double from, double to, double base, List<Double> ticks) {
        this.lo = lo;
        this.hi = hi;
        this.from = from;
        this.to = to;
        this.base = base;
        this.ticks = List.copyOf(ticks);
    }

    /** From {@code min} (0 for figures that start at nothing) to at least {@code max}, onto pixels from..to. */
    static Scale linear(double min, double max, double from, double to) {
        if (!(max > min)) {
            max = min + (min == 0 ? 1 : Math.abs(min));
        }
        double step = niceStep((max - min) / 5);
        double lo = Math.floor(min / step) * step;
        double hi = Math.ceil(max / step - 1e-9) * step;
        List<Double> ticks = new ArrayList<>();
        for (int i = 0; lo + i * step <= hi + step / 2; i++) {
            ticks.add(round(lo + i * step, step));
        }
        return new Scale(lo, hi, from, to, 0, ticks);
    }

    /** A log2 axis through the given positive values (each a tick), a little room at both ends. */
    static Scale log2(List<Double> values, double from, double to) {
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(1);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(2);
        double pad = max > min ? (log(2, max) - log(2, min)) * 0.04 : 1;
        return new Scale(log(2, min) - pad, log(2, max) + pad, from, to, 2, values.stream().sorted().distinct().toList());
    }

    /** A log10 axis from the power of ten below {@code min} to the one above {@code max} (both positive). */
    static Scale log10(double min, double max, double from, double to) {
        double lo = Math.floor(Math.log10(min));
        double hi = Math.max(lo + 1, Math.ceil(Math.log10(max) - 1e-9));
        List<Double> ticks = new ArrayList<>();
        for (double e = lo; e <= hi; e++) {
            for (double m : hi - lo <= 3 ? new double[] {1, 2, 5} : new double[] {1}) {
                double t = m * Math.pow(10, e);
                if (Math.log10(t) <= hi + 1e-9) {
                    ticks.add(Double.parseDouble(String.format(Locale.ROOT, "%.12g", t)));
                }
            }
        }
        return new Scale(lo, hi, from, to, 10, ticks);
    }

    /** Values spread over more than a factor {@code spread}, all positive, read best on a log axis. */
    static boolean spreads(List<Double> values, double spread) {
        double min = values.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = values.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        return min > 0 && max / min > spread;
    }

    double at(double v) {
        double x = base == 0 ? v : log(base, v);
        return from + (x - lo) / (hi - lo) * (to - from);
    }

    List<Double> ticks() {
        return ticks;
    }

    /** A tick's label: as many decimals as the tick step needs, thousands grouped. */
    String label(double v) {
        if (base != 0 || ticks.size() < 2) {
            return Html.tick(v);
        }
        double step = ticks.get(1) - ticks.get(0);
        int decimals = Math.max(0, (int) -Math.floor(Math.log10(step) + 1e-9));
        return String.format(Locale.ROOT, "%,." + decimals + "f", v);
    }

    static double niceStep(double rough) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(rough)));
        double f = rough / magnitude;
        return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * magnitude;
    }

    private static double round(double v, double step) {
        // 0.1 + 0.2 is not 0.3: keep ticks on the step's own decimals.
        double unit = Math.pow(10, Math.floor(Math.log10(step)) - 2);
        return Math.round(v / unit) * unit;
    }

    private static double log(double base, double v) {
        return Math.log(v) / Math.log(base);
    }
}
