package io.benchlab.lab.cli;

import io.benchlab.runner.core.BadInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The set-up axes of a sweep, each one line of data: an option, what it sets (a profile, a server
 * setting's key, the engine version, the storage) and its values, the first the baseline. The
 * set-ups are their cross product, the baseline (every axis at its first value) first; an option
 * not given is one set-up that leaves it as lab run would.
 */
record SetupAxes(List<Axis> axes) {

    /** What an axis sets: the profile, a server setting (named by its key), the engine version, the storage. */
    enum Part { PROFILE, SETTING, VERSION, STORAGE }

    /** One axis; {@code name} is how a set-up that differs in it is named: "profile", the setting's key. */
    record Axis(Part part, String name, List<String> values) {
    }

    /**
     * One set-up: the value of each axis (null: not given, lab run's default) and what sets it
     * apart from the baseline ("profile relaxed", "shared_buffers 512MB"), empty for the baseline.
     */
    record Setup(String profile, Map<String, String> settings, String version, String storage,
                 List<String> differences) {

        String name() {
            return differences.isEmpty() ? "baseline" : String.join(", ", differences);
        }

        /** The settings as lab run's --db-set takes them, KEY=VALUE each; null when there are none. */
        List<String> dbSets() {
            List<String> sets = new ArrayList<>();
            settings.forEach((k, v) -> sets.add(k + "=" + v));
            return sets.isEmpty() ? null : sets;
        }
    }

    /** The options as given (null: not given); any fault is one line of bad input. */
    static SetupAxes parse(String profiles, List<String> dbSets, String versions, String storages) {
        List<Axis> axes = new ArrayList<>();
        if (profiles != null) {
            axes.add(new Axis(Part.PROFILE, "profile", values("--profile", profiles, "durable,relaxed")));
        }
        Map<String, Axis> settings = new LinkedHashMap<>();
        for (String set : dbSets == null ? List.<String>of() : dbSets) {
            int eq = set.indexOf('=');
            String key = eq < 0 ? set.strip() : set.substring(0, eq).strip();
            if (eq < 0 || key.isEmpty()) {
                throw new BadInputException("--db-set " + set + ": give KEY=VALUE,VALUE,... (one axis per key), e.g."
                        + " --db-set shared_buffers=128MB,512MB");
            }
            String example = key + "=" + "V1,V2";
            Axis axis = new Axis(Part.SETTING, key, values("--db-set " + key, set.substring(eq + 1), example));
            if (settings.putIfAbsent(key, axis) != null) {
                throw new BadInputException("--db-set " + key + " is given twice; give its values once, as --db-set "
                        + example);
            }
        }
        axes.addAll(settings.values());
        if (versions != null) {
            axes.add(new Axis(Part.VERSION, "version", values("--engine-version", versions, "17.6,16.10")));
        }
        if (storages != null) {
            axes.add(new Axis(Part.STORAGE, "storage", values("--db-storage", storages, "container,tmpfs")));
        }
        return new SetupAxes(List.copyOf(axes));
    }

    /** Every set-up, the baseline first, the last axis varying fastest. */
    List<Setup> setups() {
        List<List<String>> combinations = new ArrayList<>(List.of(List.of()));
        for (Axis axis : axes) {
            List<List<String>> more = new ArrayList<>();
            for (List<String> c : combinations) {
                for (String v : axis.values()) {
                    List<String> longer = new ArrayList<>(c);
                    longer.add(v);
                    more.add(longer);
                }
            }
            combinations = more;
        }
        return combinations.stream().map(this::setup).toList();
    }

    private Setup setup(List<String> values) {
        String profile = null;
        String version = null;
        String storage = null;
        Map<String, String> settings = new LinkedHashMap<>();
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) {
            Axis axis = axes.get(i);
            String v = values.get(i);
            switch (axis.part()) {
                case PROFILE -> profile = v;
                case SETTING -> settings.put(axis.name(), v);
                case VERSION -> version = v;
                case STORAGE -> storage = v;
            }
            if (!v.equals(axis.values().get(0))) {
                differences.add(axis.name() + " " + v);
            }
        }
        return new Setup(profile, settings, version, storage, List.copyOf(differences));
    }

    /** A comma-separated list of distinct, non-empty values. */
    private static List<String> values(String option, String list, String example) {
        List<String> values = new ArrayList<>();
        for (String v : list.split(",", -1)) {
            String value = v.strip();
            if (value.isEmpty()) {
                throw new BadInputException(option + ": '" + list + "' has an empty entry; give a list such as "
                        + example);
            }
            if (values.contains(value)) {
                throw new BadInputException(option + ": " + value + " is given twice in '" + list + "'");
            }
            values.add(value);
        }
        return values;
    }
}
