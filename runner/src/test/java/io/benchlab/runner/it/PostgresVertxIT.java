package io.benchlab.runner.it;

import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;

/**
 * Every check of {@link PostgresIT} (the engine contract, the restarts, the accounting
 * closure, the split over client pods) with the clients on Vert.x's PostgreSQL client
 * ({@code --driver vertx}) instead of pgjdbc, and those of {@link VertxContract}.
 */
class PostgresVertxIT extends PostgresIT implements VertxContract {

    @Override
    TestWorkload config() {
        return super.config().driver(ClientDriver.VERTX);
    }
}
