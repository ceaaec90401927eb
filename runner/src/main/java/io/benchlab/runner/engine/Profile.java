package io.benchlab.runner.engine;

import java.util.Map;

/**
 * A named configuration of an engine ({@code memory}, {@code durable}, {@code relaxed}, ...).
 * {@code settings} is what the profile means in the engine's own terms, recorded in the result.
 */
public record Profile(String name, String description, boolean persistent, Map<String, String> settings) {

    public Profile {
        settings = Map.copyOf(settings);
    }
}
