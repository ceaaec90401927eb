package io.benchlab.runner.engine;

import java.util.HashMap;
import java.util.Map;

/**
 * How an in-process engine takes settings on top of its profile: in its JDBC URL, or as JVM
 * system properties it reads when the database boots. Which one is the engine's to say
 * ({@link Engine#inProcessSettings}), so that the lab applies them without knowing engines.
 */
public enum InProcessSettings {

    /** {@code ;key=value} after the profile's URL (HSQLDB's database properties, H2's settings). */
    URL_PROPERTIES,

    /**
     * System properties set before the database boots (Derby's {@code derby.*}). They are
     * JVM-wide: set for one run only, and put back as they were by {@link Applied#close}.
     */
    SYSTEM_PROPERTIES;

    /**
     * Why SETTINGS cannot be taken as given, in words, or null when they can: a {@code ;} in a URL
     * property would start another setting (a profile's own key, past its refusal).
     */
    public String problem(Map<String, String> settings) {
        if (this != URL_PROPERTIES) {
            return null;
        }
        return settings.entrySet().stream().filter(e -> e.getValue().contains(";"))
                .map(e -> e.getKey() + "=" + e.getValue() + ": a value in the engine's JDBC URL cannot hold ';', which"
                        + " starts the next setting; give each setting on its own")
                .findFirst().orElse(null);
    }

    /** The profile's URL with SETTINGS in it, when this is how the engine takes them. */
    public String url(String profileUrl, Map<String, String> settings) {
        if (this != URL_PROPERTIES) {
            return profileUrl;
        }
        StringBuilder url = new StringBuilder(profileUrl);
        settings.forEach((k, v) -> url.append(';').append(k).append('=').append(v));
        return url.toString();
    }

    /** Sets SETTINGS as system properties, when this is how the engine takes them; close puts them back. */
    public Applied apply(Map<String, String> settings) {
        if (this != SYSTEM_PROPERTIES || settings.isEmpty()) {
            return () -> { };
        }
        Map<String, String> before = new HashMap<>();
        settings.forEach((k, v) -> before.put(k, System.setProperty(k, v)));
        return () -> before.forEach((k, v) -> {
            if (v == null) {
                System.clearProperty(k);
            } else {
                System.setProperty(k, v);
            }
        });
    }

    /** Settings in force until closed. */
    @FunctionalInterface
    public interface Applied extends AutoCloseable {
        @Override
        void close();
    }
}
