package io.benchlab.runner.workload.tpcb;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.workload.tpcb.WorkloadConfig.ClientDriver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * With no --driver, each engine runs on its event-loop client where it has one and the run's
 * statements allow it, else on JDBC; the config (and so the result) then names the driver that
 * runs, and a driver given is kept.
 */
class DriverDefaultTest {

    @ParameterizedTest(name = "{0} {1}: {2}")
    @CsvSource({
            "postgres, prepared, vertx",
            "mysql, prepared, vertx",
            "mariadb, prepared, vertx",
            "hsqldb, prepared, jdbc",
            "h2, prepared, jdbc",
            "derby, prepared, jdbc",
            "hsqldb-server, prepared, jdbc",
            "postgres, direct, jdbc",
            "mariadb, autocommit, jdbc"})
    void theDefaultIsTheEnginesEventLoopClientWhereTheRunAllowsIt(String engine, String mode, String expected) {
        TestWorkload w = new TestWorkload();
        if (mode.equals("direct")) {
            w.set("statements", WorkloadConfig.StatementMode.DIRECT);
        } else if (mode.equals("autocommit")) {
            w.autocommit(true);
        }
        WorkloadConfig given = w.build();
        assertThat(given.driver()).as("nothing chosen before the engine is known").isNull();
        assertThat(given.requireSupportedBy(engine(engine)).driver().name()).isEqualToIgnoringCase(expected);
    }

    @ParameterizedTest
    @CsvSource({"postgres, jdbc", "mariadb, jdbc", "postgres, vertx", "hsqldb, jdbc"})
    void aDriverGivenIsKept(String engine, String driver) {
        ClientDriver given = ClientDriver.valueOf(driver.toUpperCase());
        WorkloadConfig c = new TestWorkload().driver(given).build().requireSupportedBy(engine(engine));
        assertThat(c.driver()).isEqualTo(given);
    }

    private static Engine engine(String name) {
        return Engines.find(name).orElseThrow();
    }
}
