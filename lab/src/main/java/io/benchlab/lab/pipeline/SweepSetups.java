package io.benchlab.lab.pipeline;

import java.util.List;

/**
 * The set-up of each point of a sweep, for its table: its name (what differs from the baseline, or
 * "baseline") and the point of its baseline, the one at the same engine and clients with every
 * set-up axis at its first value; and the rounds each point runs. {@link #NONE}: a sweep over
 * engines and clients only.
 */
public record SweepSetups(List<String> names, List<Integer> baselines, int rounds) {

    public static final SweepSetups NONE = new SweepSetups(List.of(), List.of(), 0);

    public SweepSetups {
        names = List.copyOf(names);
        baselines = List.copyOf(baselines);
    }

    /** Whether the set-up varies: the table then names it, and judges it with rounds enough. */
    boolean varied() {
        return names.stream().distinct().count() > 1;
    }

    String name(int point) {
        return names.get(point);
    }

    int baseline(int point) {
        return baselines.get(point);
    }
}
