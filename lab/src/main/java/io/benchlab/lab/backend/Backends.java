package io.benchlab.lab.backend;

import io.benchlab.runner.core.BadInputException;
import java.util.List;
import java.util.stream.Collectors;

/** The backends this build has. The docker and kubernetes backends join this list. */
public final class Backends {

    private static final List<Backend> ALL = List.of(new EmbeddedBackend(), new ExternalBackend());

    private Backends() {
    }

    /** The named backend, or without a name the natural one: embedded engines in-process, servers external. */
    public static Backend choose(String name, io.benchlab.runner.core.Target target) {
        if (name != null) {
            return find(name);
        }
        return find(target.engine().embedded() && target.managed() ? "embedded" : "external");
    }

    public static Backend find(String name) {
        return ALL.stream().filter(b -> b.name().equals(name)).findFirst()
                .orElseThrow(() -> new BadInputException("unknown backend '" + name + "'; available: "
                        + ALL.stream().map(Backend::name).collect(Collectors.joining(", "))));
    }
}
