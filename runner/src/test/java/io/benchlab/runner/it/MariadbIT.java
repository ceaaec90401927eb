package io.benchlab.runner.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.benchlab.results.RunResult;
import io.benchlab.runner.core.Isolation;
import io.benchlab.runner.core.Target;
import java.util.Map;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/** The mariadb engine against the MariaDB server of {@code BENCHLAB_MARIADB_*}. */
class MariadbIT extends ServerEngineContract {

    @Override
    Target target() {
        return ServerTargets.require("mariadb", "BENCHLAB_MARIADB");
    }

    @Override
    Isolation contentionIsolation() {
        return Isolation.SERIALIZABLE;
    }

    /**
     * InnoDB never fails a TPC-B transaction by itself: every client locks account, teller and
     * branch in that order, so there is no deadlock, and a serializable or repeatable-read UPDATE
     * waits for the row instead of failing (measured: 16 clients on one branch, 0 retries). A lock
     * wait timeout of 0 (MariaDB: fail at once instead of waiting) turns every wait on the hot
     * branch row into ER_LOCK_WAIT_TIMEOUT, which the engine retries.
     */
    @Override
    Target contentionTarget() {
        Target t = target();
        String url = t.jdbcUrl() + (t.jdbcUrl().contains("?") ? "&" : "?") + "sessionVariables=innodb_lock_wait_timeout=0";
        return new Target(t.engine(), t.profile(), url, t.user(), t.password(), t.managed());
    }


    /**
     * The profile is whatever the server's settings say: durable (flush at every commit, binlog
     * synced), relaxed, or custom for anything else (MariaDB's defaults: 1 and 0).
     */
    @Override
    void checkEngineInfo(RunResult r) {
        Map<String, String> settings = r.engine().settings();
        assertThat(settings).containsKeys("innodb_flush_log_at_trx_commit", "sync_binlog", "version");
        String flush = settings.get("innodb_flush_log_at_trx_commit");
        String sync = settings.get("sync_binlog");
        String expected = "1".equals(flush) && "1".equals(sync) ? "durable"
                : "2".equals(flush) && "0".equals(sync) ? "relaxed" : "custom";
        assertThat(r.engine().profile()).as("profile for innodb_flush_log_at_trx_commit=%s, sync_binlog=%s", flush, sync)
                .isIn("durable", "relaxed", "custom").isEqualTo(expected);
        assertThat(r.engine().version()).containsIgnoringCase("mariadb");
        assertThat(r.engine().productName()).as("Connector/J calls it MySQL").isEqualTo("MariaDB");
    }

    @Test
    @Order(6)
    void serverRestartDuringRun() throws Exception {
        serverRestartDuringRun("mariadb");
    }

    @Test
    @Order(7)
    void serverDownAcrossRoundBoundary() throws Exception {
        serverDownAcrossRoundBoundary("mariadb");
    }

    @Override
    String commitCounter() {
        return "com_commit";
    }
}
