package io.benchlab.runner.it;

import io.benchlab.runner.core.Isolation;

/**
 * The fault suite against the MariaDB server of {@code BENCHLAB_MARIADB_*}, the clients on
 * Vert.x's MySQL client ({@code --driver vertx}): restarts, crashes, locks past the statement
 * timeout (cancelled by KILL QUERY), signals and overload, judged as with Connector/J.
 */
class MariadbVertxFaultsIT extends MariadbFaultsIT {

    @Override
    String driver() {
        return "vertx";
    }

    /** Not a test here: --driver vertx runs explicit transactions only, and refuses --autocommit as bad input. */
    @Override
    void autocommitUnderContentionEndsWithMatchingSums(Isolation isolation) {
    }
}
