package io.benchlab.runner.driver;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.runner.core.Secret;
import io.benchlab.runner.core.Target;
import io.benchlab.runner.core.TestWorkload;
import io.benchlab.runner.workload.tpcb.WorkloadConfig;
import io.benchlab.runner.engine.Engine;
import io.benchlab.runner.engine.Engines;
import io.benchlab.runner.sink.ResultSink;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A stop while the clients' connections are still being opened (a server that accepts and never
 * answers): the driver returns within 5 s and leaves the stuck opens behind, instead of waiting
 * for them (a connect timeout can be minutes).
 */
class DriverStopTest {

    /** Connects to nothing, ever: each connect blocks for a minute, interrupts or not. */
    static final class StallingDriver implements Driver {
        final CountDownLatch entered = new CountDownLatch(1);

        @Override
        public Connection connect(String url, Properties info) {
            if (!acceptsURL(url)) {
                return null;
            }
            entered.countDown();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (System.nanoTime() - until < 0) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ignored) {
                    // A socket connect takes no interrupt either.
                }
            }
            return null;
        }

        @Override
        public boolean acceptsURL(String url) {
            return url.startsWith("jdbc:benchlab-stall:");
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }
    }

    static final StallingDriver STALL = new StallingDriver();

    @BeforeAll
    static void register() throws SQLException {
        DriverManager.registerDriver(STALL);
    }

    @AfterAll
    static void deregister() throws SQLException {
        DriverManager.deregisterDriver(STALL);
    }

    @Test
    void aStopWhileConnectionsOpenReturnsWithinFiveSeconds() throws Exception {
        Engine engine = Engines.find("postgres").orElseThrow();
        Target target = new Target(engine, engine.defaultProfile(), "jdbc:benchlab-stall:db", "u", Secret.NONE, false);
        WorkloadConfig config = new TestWorkload().clients(8).duration(Duration.ofSeconds(10)).warmup(Duration.ZERO)
                .seed(1).serverStats(WorkloadConfig.Sampling.OFF).build();
        io.benchlab.runner.driver.Driver driver = new io.benchlab.runner.driver.Driver(target, config, new ResultSink() { });
        ExecutorService background = Executors.newSingleThreadExecutor();
        try {
            Future<DriverOutcome> run = background.submit(driver::run);
            assertThat(STALL.entered.await(10, TimeUnit.SECONDS)).as("a client is connecting").isTrue();
            long stopped = System.nanoTime();
            driver.stop();
            DriverOutcome outcome = run.get(10, TimeUnit.SECONDS);
            assertThat(System.nanoTime() - stopped).as("stop to return, ns").isLessThan(TimeUnit.SECONDS.toNanos(5));
            assertThat(outcome.interrupted()).isTrue();
            assertThat(outcome.rounds()).isEmpty();
        } finally {
            background.shutdownNow();
        }
    }
}
