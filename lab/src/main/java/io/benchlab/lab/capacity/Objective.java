package io.benchlab.lab.capacity;

import io.benchlab.results.CapacityResult;
import io.benchlab.results.Figures;
import io.benchlab.runner.core.BadInputException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One service-level objective of {@code lab capacity --slo}: a latency percentile (or the maximum)
 * of the committed transactions under a bound, {@code p99<=10ms}, or the share of failed
 * transactions under one, {@code failures<=1%}. The threshold is kept in the metric's unit: ms
 * for a latency whatever unit it was given in, a ratio for failures ({@code 1%} is 0.01).
 * {@code strict} when given with {@code <}.
 */
public record Objective(String text, ObjectiveMetric metric, double threshold, boolean strict) {

    /** What --slo accepts, for the one line that refuses anything else. */
    static final String ACCEPTED = "p50|p90|p95|p99|p999|max <= N with a unit us, ms or s (p99<=10ms),"
            + " or failures <= N% (failures<=1%); < for a strict bound";

    private static final Pattern FORM = Pattern.compile(
            "\\s*([a-z0-9]+)\\s*(<=|<)\\s*(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*(us|µs|ms|s|%)\\s*", Pattern.CASE_INSENSITIVE);

    /** TEXT read as an objective, or a BadInputException that names it and says what is accepted. */
    public static Objective parse(String text) {
        Matcher m = FORM.matcher(text);
        if (!m.matches()) {
            throw bad(text);
        }
        ObjectiveMetric metric = metric(m.group(1));
        String unit = m.group(4).toLowerCase(Locale.ROOT);
        boolean strict = m.group(2).equals("<");
        double n = Double.parseDouble(m.group(3));
        if (metric == null || metric.isLatency() == unit.equals("%")) {
            throw bad(text);
        }
        double threshold = switch (unit) {
            case "us", "µs" -> n / 1000;
            case "s" -> n * 1000;
            case "%" -> n / 100;
            default -> n;
        };
        if (threshold > (metric.isLatency() ? Double.MAX_VALUE : 1) || strict && threshold == 0
                || metric.isLatency() && threshold == 0) {
            throw bad(text);
        }
        return new Objective(text.strip(), metric, threshold, strict);
    }

    /** Each text read as an objective; at least one is needed. */
    public static List<Objective> parseAll(List<String> texts) {
        if (texts == null || texts.isEmpty()) {
            throw new BadInputException("--slo: give at least one objective: " + ACCEPTED);
        }
        return texts.stream().map(Objective::parse).toList();
    }

    /** This objective's metric in FIGURES (a round's or a step's): ms or a ratio, NaN when they hold none. */
    public double valueIn(Figures figures) {
        return metric.of(figures);
    }

    /** True when VALUE meets the bound; a NaN value (nothing measured) never does. */
    public boolean holdsFor(double value) {
        return strict ? value < threshold : value <= threshold;
    }

    /** The bound in words of its unit: {@code <=10 ms}, {@code <1%}. */
    public String bound() {
        return (strict ? "<" : "<=") + (metric.isLatency() ? Shown.ms(threshold) + " ms" : Shown.percent(threshold));
    }

    /** As the capacity result records it. */
    public CapacityResult.Objective toJson() {
        return new CapacityResult.Objective(text, metric.json(), threshold, metric.unit(), strict);
    }

    private static ObjectiveMetric metric(String name) {
        for (ObjectiveMetric m : ObjectiveMetric.values()) {
            if (m.json().equalsIgnoreCase(name)) {
                return m;
            }
        }
        return null;
    }

    private static BadInputException bad(String text) {
        return new BadInputException("--slo '" + text + "' is not an objective: expected " + ACCEPTED);
    }
}
