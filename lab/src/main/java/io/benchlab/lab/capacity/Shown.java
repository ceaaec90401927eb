package io.benchlab.lab.capacity;

import java.util.Locale;

/** How the capacity command shows its numbers, the same in its reasons and its table, whatever the locale. */
final class Shown {

    private Shown() {
    }

    /** Milliseconds to three significant digits or so: 0.412, 8.21, 12.4, 105. */
    static String ms(double ms) {
        String format = ms >= 100 ? "%.0f" : ms >= 10 ? "%.1f" : ms >= 1 ? "%.2f" : "%.3f";
        return strip(String.format(Locale.ROOT, format, ms));
    }

    /** A ratio in percent: 0.012 is 1.2%, 0.00004 is 0.004%. */
    static String percent(double ratio) {
        double p = ratio * 100;
        String format = p == 0 || p >= 10 ? "%.0f" : p >= 1 ? "%.1f" : p >= 0.01 ? "%.2f" : "%.4f";
        return strip(String.format(Locale.ROOT, format, p)) + "%";
    }

    /** A rate in whole transactions a second with thousands separated (4,150), below 100 with a decimal (12.5). */
    static String tps(double tps) {
        return tps >= 100 ? String.format(Locale.ROOT, "%,.0f", tps) : strip(String.format(Locale.ROOT, "%.1f", tps));
    }

    /** Trailing zeros after a decimal point add nothing: 10.0 is 10, 2.50 is 2.5. */
    private static String strip(String number) {
        return number.contains(".") ? number.replaceAll("0+$", "").replaceAll("\\.$", "") : number;
    }
}
