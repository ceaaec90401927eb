package io.benchlab.lab.backend;

import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The backends this build has, by the name {@code --backend} takes. */
public enum BackendKind {
    EMBEDDED(false),
    EXTERNAL(false),
    DOCKER(true),
    KUBERNETES(true);

    private final boolean provisionsDatabase;

    BackendKind(boolean provisionsDatabase) {
        this.provisionsDatabase = provisionsDatabase;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean provisionsDatabase() {
        return provisionsDatabase;
    }

    /**
     * The named backend, or without a name the natural one: in-process engines embedded, a
     * database given by --jdbc-url external, and a server engine otherwise in containers.
     */
    public static BackendKind choose(String name, Engine engine, boolean jdbcUrlGiven) {
        if (name != null) {
            return find(name);
        }
        if (jdbcUrlGiven) {
            return EXTERNAL;
        }
        return engine.embedded() ? EMBEDDED : DOCKER;
    }

    /** The backend of that name, in any case ({@code Docker} is {@code docker}). */
    public static BackendKind find(String name) {
        return Arrays.stream(values()).filter(b -> b.label().equalsIgnoreCase(name.strip())).findFirst()
                .orElseThrow(() -> new BadInputException("unknown backend '" + name + "'; available: "
                        + Arrays.stream(values()).map(BackendKind::label).collect(Collectors.joining(", "))));
    }
}
