package io.benchlab.lab.compare;

import io.benchlab.results.Placement;
import io.benchlab.results.RunResult;
import io.benchlab.results.Storage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A run's set-up as a sweep varies it and {@code lab compare --by setup} groups by it: the engine,
 * its version, the profile, the server settings given on top of it, where the database kept its
 * data, and the clients. A result from before a part was recorded has none of it (null, no given
 * settings), so old results of one engine and profile make one set-up, as they always did.
 */
public record SetupKey(String engine, String version, String profile, Map<String, String> given, String storage,
                       int clients) {

    public SetupKey {
        given = Map.copyOf(given);
    }

    public static SetupKey of(RunResult r) {
        Placement.Side db = r.placement() == null ? null : r.placement().database();
        return new SetupKey(r.engine().name(), version(r.engine().version()), r.engine().profile(),
                r.setup() == null ? Map.of() : r.setup().givenValues(), storage(db == null ? null : db.storage()),
                r.knobs().clients());
    }

    /** The point it is compared at: its engine and clients; every other part is what a set-up varies. */
    public String place() {
        return engine + ", " + clients + (clients == 1 ? " client" : " clients");
    }

    boolean samePlace(SetupKey other) {
        return engine.equals(other.engine) && clients == other.clients;
    }

    /**
     * What sets this set-up apart from the baseline's, one phrase a part ("profile relaxed",
     * "shared_buffers 512MB", "version 16.10", "storage tmpfs"), in that order; a setting the
     * baseline was given and this one was not reads "unset". Empty: the same set-up.
     */
    public List<String> differences(SetupKey baseline) {
        List<String> found = new ArrayList<>();
        differ(found, "profile", profile, baseline.profile);
        TreeSet<String> keys = new TreeSet<>(given.keySet());
        keys.addAll(baseline.given.keySet());
        for (String key : keys) {
            if (!Objects.equals(given.get(key), baseline.given.get(key))) {
                found.add(key + " " + (given.get(key) == null ? "unset" : given.get(key)));
            }
        }
        differ(found, "version", version, baseline.version);
        differ(found, "storage", storage, baseline.storage);
        return found;
    }

    /** The set-up's name in a table: what differs from the baseline, or "baseline". */
    public String nameAgainst(SetupKey baseline) {
        List<String> d = differences(baseline);
        return d.isEmpty() ? "baseline" : String.join(", ", d);
    }

    /** The given settings as KEY=VALUE, in key order. */
    public String givenText() {
        List<String> pairs = new ArrayList<>();
        new TreeMap<>(given).forEach((k, v) -> pairs.add(k + "=" + v));
        return String.join(",", pairs);
    }

    private static void differ(List<String> found, String what, String value, String baseline) {
        if (!Objects.equals(value, baseline)) {
            found.add(what + " " + (value == null ? "(none)" : value));
        }
    }

    /** The version as the engine states it, up to its first space: "17.6 (Debian 17.6-1)" is 17.6. */
    static String version(String stated) {
        return stated == null || stated.isBlank() ? null : stated.strip().split("\\s+", 2)[0];
    }

    /** The kind asked for, with the size asked for (tmpfs:512m); null where it was not recorded. */
    static String storage(Storage s) {
        if (s == null || s.kind() == null) {
            return null;
        }
        return s.requestedBytes() == null ? s.kind() : s.kind() + ":" + size(s.requestedBytes());
    }

    private static String size(long bytes) {
        long mib = 1L << 20;
        return bytes % (mib << 10) == 0 ? bytes / (mib << 10) + "g" : bytes % mib == 0 ? bytes / mib + "m" : bytes + "";
    }
}
