package io.benchlab.lab.history;

import io.benchlab.runner.core.BadInputException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** A history's change points: {@link EDivisive} over its nights, each told with what differs across it. */
public final class History {

    private History() {
    }

    /** The change points of nights in time order; too few nights is bad input. */
    public static List<ChangePoint> changePoints(List<Night> nights, double pValue) {
        if (nights.size() < EDivisive.LEAST_NIGHTS) {
            throw new BadInputException("the history holds " + nights.size() + (nights.size() == 1 ? " point" : " points")
                    + "; the method needs at least " + EDivisive.LEAST_NIGHTS);
        }
        double[][] values = nights.stream().map(Night::rounds).toArray(double[][]::new);
        List<ChangePoint> points = new ArrayList<>();
        for (EDivisive.Split s : EDivisive.changePoints(values, pValue)) {
            Night before = nights.get(s.index() - 1);
            Night after = nights.get(s.index());
            points.add(new ChangePoint(after, s.meanBefore(), s.meanAfter(), s.change(), s.pValue(),
                    differs(before.provenance(), after.provenance())));
        }
        return points;
    }

    /** What differs from one night's provenance to the next: {@code name before -> after}. */
    static List<String> differs(Map<String, String> before, Map<String, String> after) {
        TreeSet<String> names = new TreeSet<>(before.keySet());
        names.addAll(after.keySet());
        List<String> found = new ArrayList<>();
        for (String name : names) {
            String a = before.get(name);
            String b = after.get(name);
            if (!Objects.equals(a, b)) {
                found.add(name + " " + (a == null ? "(none)" : a) + " -> " + (b == null ? "(none)" : b));
            }
        }
        return found;
    }
}
