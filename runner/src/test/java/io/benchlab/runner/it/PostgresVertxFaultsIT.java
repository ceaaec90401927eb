package io.benchlab.runner.it;

import io.benchlab.runner.core.Isolation;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The fault suite against the PostgreSQL server of {@code BENCHLAB_PG_*}, the clients on Vert.x's
 * PostgreSQL client ({@code --driver vertx}): restarts, crashes, locks past the statement
 * timeout, signals and overload, judged as with pgjdbc.
 */
class PostgresVertxFaultsIT extends PostgresFaultsIT {

    @Override
    String[] runArgs(Path out, String... extra) {
        String[] args = Arrays.copyOf(extra, extra.length + 2);
        args[extra.length] = "--driver";
        args[extra.length + 1] = "vertx";
        return super.runArgs(out, args);
    }

    /** Not a test here: --driver vertx runs explicit transactions only, and refuses --autocommit as bad input. */
    @Override
    void autocommitUnderContentionEndsWithMatchingSums(Isolation isolation) {
    }
}
