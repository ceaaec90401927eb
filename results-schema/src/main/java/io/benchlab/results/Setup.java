package io.benchlab.results;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * The server settings a run was given on top of its profile ({@code lab run --db-set/--db-config}),
 * each with the value the server reported for it before the load, and {@link #hash} naming the
 * set-up they make. Absent from a result whose run was given none.
 */
public record Setup(Map<String, Given> settings, String hash) {

    /** How many hex digits of the SHA-256 a hash keeps: enough to tell set-ups apart, short as a tag. */
    static final int HASH_DIGITS = 12;

    /** One setting: the value given, and the server's (null where the server does not report it). */
    public record Given(String given, String server) {
    }

    public Setup {
        settings = settings == null ? Map.of() : Map.copyOf(new TreeMap<>(settings));
    }

    /** The given values by key, in key order. */
    public Map<String, String> givenValues() {
        Map<String, String> values = new TreeMap<>();
        settings.forEach((k, v) -> values.put(k, v.given()));
        return values;
    }

    /**
     * The first {@value #HASH_DIGITS} hex digits of the SHA-256 of the UTF-8 text: the engine's name,
     * a newline, the profile, a newline, then per given setting in key order {@code key=value} and a
     * newline. The same engine, profile and given settings always make the same hash.
     */
    public static String hash(String engine, String profile, Map<String, String> given) {
        StringBuilder text = new StringBuilder().append(engine).append('\n').append(profile).append('\n');
        new TreeMap<>(given).forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest).substring(0, HASH_DIGITS);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
