package io.benchlab.lab.report;

import java.math.BigDecimal;
import java.util.Locale;

/** Text into HTML and SVG: every string that comes from a result is user data and goes through {@link #escape}. */
final class Html {

    private Html() {
    }

    /**
     * Safe in element text and in quoted attribute values. Control characters (other than tab and
     * newline) are not allowed in HTML and are dropped.
     */
    static String escape(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if (c >= 0x20 && c != 0x7f || c == '\n' || c == '\t') {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** A figure for people: thousands grouped, as many decimals as its size needs. */
    static String figure(double v) {
        if (!Double.isFinite(v)) {
            return "-";
        }
        double a = Math.abs(v);
        String format = a >= 100 ? "%,.0f" : a >= 10 ? "%,.1f" : a >= 1 ? "%.2f" : "%.3f";
        return String.format(Locale.ROOT, format, v);
    }

    /** A tick on a log axis (1, 2, 64; 0.01, 0.5): no more decimals than the value has, thousands grouped. */
    static String tick(double v) {
        BigDecimal d = new BigDecimal(Double.toString(v)).stripTrailingZeros();
        return String.format(Locale.ROOT, "%,." + Math.max(0, d.scale()) + "f", v);
    }

    /** A number for machines (data-* attributes): exact, so a reader can compare it with the result. */
    static String data(double v) {
        return Double.toString(v);
    }

    /** A pixel coordinate: two decimals are finer than any screen. */
    static String px(double v) {
        return String.format(Locale.ROOT, "%.2f", v);
    }
}
