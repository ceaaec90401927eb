package io.benchlab.runner.it;

import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;

/**
 * Every check of {@link MariadbIT} (the engine contract, the restarts, the accounting closure,
 * the split over client pods) with the clients on Vert.x's MySQL client ({@code --driver vertx})
 * instead of Connector/J, and those of {@link VertxContract}.
 */
class MariadbVertxIT extends MariadbIT implements VertxContract {

    @Override
    TestWorkload config() {
        return super.config().driver(ClientDriver.VERTX);
    }
}
