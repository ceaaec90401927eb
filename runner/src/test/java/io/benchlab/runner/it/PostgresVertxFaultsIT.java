package io.benchlab.runner.it;

import io.benchlab.runner.core.Isolation;

/**
 * The fault suite against the PostgreSQL server of {@code BENCHLAB_PG_*}, the clients on Vert.x's
 * PostgreSQL client ({@code --driver vertx}): restarts, crashes, locks past the statement
 * timeout, signals and overload, judged as with pgjdbc.
 */
class PostgresVertxFaultsIT extends PostgresFaultsIT {

    @Override
    String driver() {
        return "vertx";
    }

    /** Not a test here: --driver vertx runs explicit transactions only, and refuses --autocommit as bad input. */
    @Override
    void autocommitUnderContentionEndsWithMatchingSums(Isolation isolation) {
    }
}
