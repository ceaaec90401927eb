package io.benchlab.lab.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.benchlab.results.ResultJson;
import java.util.List;
import java.util.Locale;

/** What lab history prints: a table, or with --json an object whose change points have the fields Otava names. */
public final class HistoryReport {

    private static final String ROW = "%-26s %12s %12s %9s %9s   %s%n";

    private HistoryReport() {
    }

    public static String text(String what, List<Night> nights, double pValue, List<ChangePoint> points) {
        StringBuilder s = new StringBuilder();
        s.append(what).append(": ").append(nights.size()).append(" points from ").append(nights.get(0).time())
                .append(" to ").append(nights.get(nights.size() - 1).time()).append(", ").append(rounds(nights))
                .append('\n');
        s.append(points.isEmpty() ? "no change point" : points.size() == 1 ? "1 change point" : points.size()
                + " change points").append(String.format(Locale.ROOT, " at p < %s%n", pValue));
        if (points.isEmpty()) {
            return s.toString();
        }
        s.append(String.format(Locale.ROOT, ROW, "time", "mean before", "mean after", "change", "p", "what differs"));
        for (ChangePoint c : points) {
            s.append(String.format(Locale.ROOT, ROW, c.after().time(), number(c.meanBefore()), number(c.meanAfter()),
                    change(c), p(c.pValue()),
                    c.differs().isEmpty() ? "-" : String.join("; ", c.differs())));
        }
        return s.toString();
    }

    public static String json(String what, List<Night> nights, double pValue, List<ChangePoint> points) {
        ObjectNode root = ResultJson.mapper().createObjectNode();
        root.put("series", what);
        root.put("points", nights.size());
        root.put("p_value_max", pValue);
        ArrayNode list = root.putArray("change_points");
        for (ChangePoint c : points) {
            ObjectNode o = list.addObject();
            o.put("time", c.after().time());
            o.put("mean_before", c.meanBefore());
            o.put("mean_after", c.meanAfter());
            if (Double.isNaN(c.change())) {
                o.putNull("change"); // from a mean of 0 no relative change is defined
            } else {
                o.put("change", c.change());
            }
            o.put("p_value", c.pValue());
            if (c.after().runId() != null) {
                o.put("run_id", c.after().runId());
            }
            c.differs().forEach(o.putArray("differs")::add);
        }
        try {
            return ResultJson.mapper().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One line for an annotation: the change, its p-value, and what differs. */
    public static String annotation(String metric, ChangePoint c) {
        return String.format(Locale.ROOT, "%s %s (p %s)%s", metric, change(c), p(c.pValue()),
                c.differs().isEmpty() ? "" : "; " + String.join("; ", c.differs()));
    }

    /** The relative change, or "from 0" where the mean before was 0. */
    private static String change(ChangePoint c) {
        return Double.isNaN(c.change()) ? "from 0" : String.format(Locale.ROOT, "%+.1f%%", 100 * c.change());
    }

    private static String rounds(List<Night> nights) {
        int least = nights.stream().mapToInt(n -> n.rounds().length).min().orElse(0);
        int most = nights.stream().mapToInt(n -> n.rounds().length).max().orElse(0);
        String each = least == most ? "" + least : least + " to " + most;
        return each + (most == 1 ? " value" : " values (rounds)") + " each";
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, Math.abs(v) >= 100 ? "%.1f" : "%.4f", v);
    }

    private static String p(double p) {
        return p < 0.00001 ? String.format(Locale.ROOT, "%.1e", p) : String.format(Locale.ROOT, "%.5f", p);
    }
}
