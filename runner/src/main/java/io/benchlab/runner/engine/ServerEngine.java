package io.benchlab.runner.engine;

import java.nio.file.Path;

/** An engine that runs as a server: the lab reaches it through a JDBC URL and never embeds it. */
interface ServerEngine extends Engine {

    @Override
    default boolean embedded() {
        return false;
    }

    /** No URL of its own: the external backend is given one, a managed backend makes one. */
    @Override
    default String jdbcUrl(Profile profile, Path dataDir) {
        return null;
    }
}
