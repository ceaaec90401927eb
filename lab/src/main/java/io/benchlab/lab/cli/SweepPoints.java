package io.benchlab.lab.cli;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The points of a sweep: every engine with every set-up (see {@link SetupAxes}) and every client
 * count, engine by engine, then set-up by set-up, in the order given.
 */
record SweepPoints(List<Engine> engines, List<Integer> clients) {

    /** One point: the engine, set-up and client count one run of the sweep takes. */
    record Point(Engine engine, SetupAxes.Setup setup, int clients) {
    }

    private static final Pattern WHOLE = Pattern.compile("\\d{1,9}");

    /** The lists as given to --engine and --clients (comma- or space-separated); any fault is one line. */
    static SweepPoints parse(String engines, String clients) {
        List<Engine> e = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String name : entries("--engine", engines)) {
            Engine engine = Engines.find(name).orElseThrow(() -> new BadInputException("--engine: unknown engine '"
                    + name + "'; known engines: " + Engines.names()));
            if (!seen.add(engine.name())) {
                throw new BadInputException("--engine: " + engine.name() + " is given twice in '" + engines + "'");
            }
            e.add(engine);
        }
        List<Integer> c = new ArrayList<>();
        for (String n : entries("--clients", clients)) {
            if (!WHOLE.matcher(n).matches() || Integer.parseInt(n) < 1) {
                throw new BadInputException("--clients: '" + n + "' is not a number of clients (a whole number, at least 1)");
            }
            if (c.contains(Integer.parseInt(n))) {
                throw new BadInputException("--clients: " + Integer.parseInt(n) + " is given twice in '" + clients + "'");
            }
            c.add(Integer.parseInt(n));
        }
        return new SweepPoints(List.copyOf(e), List.copyOf(c));
    }

    /** Every point, each set-up with every engine and client count; the first set-up is the baseline. */
    List<Point> points(List<SetupAxes.Setup> setups) {
        List<Point> all = new ArrayList<>();
        engines.forEach(e -> setups.forEach(s -> clients.forEach(c -> all.add(new Point(e, s, c)))));
        return all;
    }

    /** Where each point's baseline is among {@code points}: the same engine and clients, the first set-up. */
    static List<Integer> baselines(List<Point> points) {
        List<Integer> baselines = new ArrayList<>();
        for (Point p : points) {
            for (int i = 0; i < points.size(); i++) {
                Point b = points.get(i);
                if (b.engine() == p.engine() && b.clients() == p.clients() && b.setup().differences().isEmpty()) {
                    baselines.add(i);
                    break;
                }
            }
        }
        return baselines;
    }

    /** The entries of a list; "1,,2", "1," and "" are refused rather than read as fewer points. */
    private static List<String> entries(String option, String list) {
        String[] parts = list.strip().split("\\s*[,\\s]\\s*", -1);
        for (String p : parts) {
            if (p.isEmpty()) {
                throw new BadInputException(option + ": '" + list + "' has an empty entry; give a list such as "
                        + (option.equals("--clients") ? "1,2,4" : "ENGINE,ENGINE"));
            }
        }
        return List.of(parts);
    }
}
