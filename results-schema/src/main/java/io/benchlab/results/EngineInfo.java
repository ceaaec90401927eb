package io.benchlab.results;

import java.util.Map;

/**
 * What the engine says about itself. {@code jdbcUrl} is stored with any password removed;
 * {@code settings} holds the effective settings read back from the engine.
 */
public record EngineInfo(
        String name,
        String profile,
        String productName,
        String version,
        String driverVersion,
        String jdbcUrl,
        Map<String, String> settings) {

    public EngineInfo {
        settings = settings == null ? Map.of() : Map.copyOf(settings);
    }
}
