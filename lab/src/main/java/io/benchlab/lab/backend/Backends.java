package io.benchlab.lab.backend;

import io.benchlab.lab.backend.docker.DockerBackend;
import io.benchlab.runner.core.BadInputException;
import io.benchlab.runner.engine.Engine;
import java.util.List;
import java.util.stream.Collectors;

/** The backends this build has. The kubernetes backend joins this list. */
public final class Backends {

    private static final List<Backend> ALL = List.of(new EmbeddedBackend(), new ExternalBackend(), new DockerBackend());

    private Backends() {
    }

    /**
     * The named backend, or without a name the natural one: in-process engines embedded, a
     * database given by --jdbc-url external, and a server engine otherwise in containers.
     */
    public static Backend choose(String name, Engine engine, boolean jdbcUrlGiven) {
        if (name != null) {
            return find(name);
        }
        if (jdbcUrlGiven) {
            return find("external");
        }
        return find(engine.embedded() ? "embedded" : "docker");
    }

    /** The backend of that name, in any case ({@code Docker} is {@code docker}). */
    public static Backend find(String name) {
        return ALL.stream().filter(b -> b.name().equalsIgnoreCase(name.strip())).findFirst()
                .orElseThrow(() -> new BadInputException("unknown backend '" + name + "'; available: "
                        + ALL.stream().map(Backend::name).collect(Collectors.joining(", "))));
    }
}
