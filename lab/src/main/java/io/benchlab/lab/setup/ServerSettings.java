package io.benchlab.lab.setup;

import io.benchlab.results.Setup;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Profile;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The server settings a run gives the engine on top of its profile ({@code --db-config}, then
 * {@code --db-set}), by key as given, in order. The profile's own settings are not among them:
 * a profile is what a run's durability is named by, so changing one is choosing another profile.
 */
public record ServerSettings(Map<String, String> given) {

    public static final ServerSettings NONE = new ServerSettings(Map.of());

    public ServerSettings {
        given = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(given));
    }

    public boolean isEmpty() {
        return given.isEmpty();
    }

    /** The hash naming this set-up (see {@link Setup#hash}). */
    public String hash(Engine engine, Profile profile) {
        return Setup.hash(engine.name(), profile.name(), given);
    }

    /**
     * Refuses a key that a profile of ENGINE is made of, naming the profile that sets the value
     * given, or else every profile's value. Keys compare in any case and with - as _ (mysqld's).
     */
    public void refuseProfileKeys(Engine engine) {
        for (var e : given.entrySet()) {
            String key = canonical(e.getKey());
            Map<String, String> byProfile = new TreeMap<>();
            for (Profile p : engine.profiles()) {
                p.settings().forEach((k, v) -> {
                    if (canonical(k).equals(key)) {
                        byProfile.put(p.name(), v);
                    }
                });
            }
            if (byProfile.isEmpty()) {
                continue;
            }
            String match = byProfile.entrySet().stream()
                    .filter(p -> SettingValues.same(e.getValue(), p.getValue(), null)).map(Map.Entry::getKey)
                    .findFirst().orElse(null);
            String which = match != null ? "run with --profile " + match + ", which sets " + e.getKey() + "="
                    + byProfile.get(match)
                    : "choose the profile instead (" + byProfile.entrySet().stream()
                            .map(p -> p.getKey() + " sets " + p.getValue()).collect(Collectors.joining(", ")) + ")";
            throw new BadInputException(e.getKey() + " is what " + engine.name() + "'s profiles are made of and"
                    + " cannot be set on top of one: " + which);
        }
    }

    /** A key as servers match it: in any case, with mysqld's - as _. */
    static String canonical(String key) {
        return key.toLowerCase(Locale.ROOT).replace('-', '_');
    }
}
